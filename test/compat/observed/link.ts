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
      "text": "Links String href Object href Object with hash With as Legacy anchor Fancy anchor Replace No prefetch Hash only External With query With space Bottom",
      "a@href,class,id": "/about | /posts/hello?ref=home | /about?tab=team#people | /posts/with-as | /posts/legacy legacy | /posts/fancy fancy | /about | /about plain no-prefetch | /#bottom | https://example.com/outside | /about?from=query | /posts/a%20b"
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
      "5 text \"asPath\" in main": "About asPath /about?tab=team#people query {\"tab\":\"team\"} Home",
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
      "12 text \"asPath /about\" in main": "About asPath /about query {} Home",
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
      "4 text \"query {\"from\":\"query\"}\" in main": "About asPath /about?from=query query {\"from\":\"query\"} Home",
      "5 navigation": "soft",
      "console errors": "none"
    }
  }
};
