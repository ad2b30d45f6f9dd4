// Next.js 16.4.6's answers to the checks of compat/checks/link.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/link.test.ts expects these.
import type { RecordedCheck } from '../../../compat/compare';

export const NEXT_VERSION = "16.4.6";

export const observed: Record<string, RecordedCheck> = {
  "GET /": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Links String href Object href Object with hash With as Legacy anchor Fancy anchor Replace No prefetch Hash only External With query With space Pattern without as Pattern filled Legacy text Legacy fragment API route Bottom",
      "a@href,class,id": "/about | /posts/hello?ref=home | /about?tab=team#people | /posts/with-as | /posts/legacy legacy | /posts/fancy fancy | /about | /about plain no-prefetch | /#bottom | https://example.com/outside | /about?from=query | /posts/a%20b | /posts/[slug] | /posts/filled | /about | /about | /api/hello"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /slashes": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Slashes Double slash",
      "a@href": "/about/team"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "click \"Object href\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Object href": "clicked",
      "3 url": "/posts/hello?ref=home",
      "4 text \"Post hello\" in h1": "Post hello",
      "5 text \"asPath\" in main": "Post hello asPath /posts/hello?ref=home query {\"slug\":\"hello\",\"ref\":\"home\"} Home",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"Object with hash\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Object with hash": "clicked",
      "3 url": "/about?tab=team#people",
      "4 text \"About\" in h1": "About",
      "5 text \"asPath\" in main": "About asPath /about?tab=team#people query {\"tab\":\"team\"} HomeShallow query",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"With as\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click With as": "clicked",
      "3 url": "/posts/with-as",
      "4 text \"Post with-as\" in h1": "Post with-as",
      "5 text \"asPath\" in main": "Post with-as asPath /posts/with-as query {\"slug\":\"with-as\"} Home",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"Legacy anchor\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Legacy anchor": "clicked",
      "3 url": "/posts/legacy",
      "4 text \"Post legacy\" in h1": "Post legacy",
      "5 text \"asPath\" in main": "Post legacy asPath /posts/legacy query {\"slug\":\"legacy\"} Home",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"Fancy anchor\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Fancy anchor": "clicked",
      "3 url": "/posts/fancy",
      "4 text \"Post fancy\" in h1": "Post fancy",
      "5 text \"asPath\" in main": "Post fancy asPath /posts/fancy query {\"slug\":\"fancy\"} Home",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"With space\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click With space": "clicked",
      "3 url": "/posts/a%20b",
      "4 text \"Post a b\" in h1": "Post a b",
      "5 text \"asPath\" in main": "Post a b asPath /posts/a%20b query {\"slug\":\"a b\"} Home",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"Pattern filled\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Pattern filled": "clicked",
      "3 url": "/posts/filled",
      "4 text \"Post filled\" in h1": "Post filled",
      "5 text \"asPath\" in main": "Post filled asPath /posts/filled query {\"slug\":\"filled\"} Home",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "click \"Legacy text\"": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Legacy text": "clicked",
      "3 url": "/about",
      "4 text \"About\" in h1": "About",
      "5 text \"asPath\" in main": "About asPath /about query {} HomeShallow query",
      "6 navigation": "soft",
      "console errors": "none"
    }
  },
  "a legacyBehavior fragment, then back and forward": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Legacy fragment": "clicked",
      "3 url": "/about",
      "4 text \"About\" in h1": "About",
      "5 navigation": "full load",
      "6 back": "done",
      "7 url": "/",
      "8 text \"Links\" in h1": "Links",
      "9 network": "idle",
      "console errors": "none"
    }
  },
  "a link to an API route loads it in full": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click API route": "clicked",
      "3 url": "/api/hello",
      "4 text \"from the API route\"": "shows \"from the API route\"",
      "5 navigation": "full load",
      "console errors": "none"
    }
  },
  "href={{ query }} stays on the current page": {
    "next": {
      "1 goto /about": "200, hydrated",
      "2 click Shallow query": "clicked",
      "3 url": "/about?tab=shallow",
      "4 text \"query {\"tab\":\"shallow\"}\" in main": "About asPath /about?tab=shallow query {\"tab\":\"shallow\"} HomeShallow query",
      "5 navigation": "soft",
      "console errors": "none"
    }
  },
  "replace leaves no history entry": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click String href": "clicked",
      "3 url": "/about",
      "4 click Home": "clicked",
      "5 url": "/",
      "6 eval history.length": "4",
      "7 click Replace": "clicked",
      "8 url": "/about",
      "9 eval history.length": "4",
      "10 back": "done",
      "11 url": "/about",
      "12 text \"asPath /about\" in main": "About asPath /about query {} HomeShallow query",
      "13 navigation": "soft",
      "console errors": "none"
    }
  },
  "hash-only link scrolls without loading": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Hash only": "clicked",
      "3 url": "/#bottom",
      "4 eval window.scrollY > 1000": "true",
      "5 navigation": "soft",
      "console errors": "none"
    }
  },
  "a string href with a query": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click With query": "clicked",
      "3 url": "/about?from=query",
      "4 text \"query {\"from\":\"query\"}\" in main": "About asPath /about?from=query query {\"from\":\"query\"} HomeShallow query",
      "5 navigation": "soft",
      "console errors": "none"
    }
  }
};
