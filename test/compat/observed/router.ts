// Next.js 16.4.6's answers to the checks of compat/checks/router.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/router.test.ts expects these.
import type { RecordedCheck } from '../../../compat/compare';

export const NEXT_VERSION = "16.4.6";

export const observed: Record<string, RecordedCheck> = {
  "GET /?tab=1": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Home | Item 3 | Classy Router home pathname /; route /; asPath /?tab=1; query {\"tab\":\"1\"}; isReady true; isFallback false; basePath \"\"; locale undefined served with tab 1 Shallow tab 2Deep tab 3Push objectReplace with 9Hash"
    }
  },
  "GET /items/3?color=red": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | Item 3 | Classy Item 3 pathname /items/[id]; asPath /items/3; query {\"id\":\"3\"} Back"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /classy": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | Item 3 | Classy Classy at /classy asPath /classy Go to item 3"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /dist": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Home | Item 3 | Classy next/dist modules context pathname /dist; hook asPath /dist; singleton events function"
    }
  },
  "GET /ready": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | Item 3 | Classy rendered isReady false isReady not yet"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "isReady once hydrated, Router.ready run once": {
    "next": {
      "1 goto /ready": "200, hydrated",
      "2 text \"isReady true\" in #ready": "isReady true",
      "3 eval window.readyCalls": "1",
      "console errors": "none"
    }
  },
  "fields on load, with and without a search": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 text \";\" in #fields": "pathname /; route /; asPath /; query {}; isReady true; isFallback false; basePath \"\"; locale undefined",
      "3 goto /items/3?color=red": "200, hydrated",
      "4 text \"color\" in #fields": "pathname /items/[id]; asPath /items/3?color=red; query {\"id\":\"3\",\"color\":\"red\"}",
      "5 goto /classy?x=1": "200, hydrated",
      "6 text \"asPath /classy?x=1\" in #fields": "asPath /classy?x=1",
      "console errors": "Error: Minified React error #418; visit https://react.dev/errors/418?args[]=text&args[]= for the full message or use the non-minified dev environment for full errors and additional helpful warnings."
    },
    "known": {
      "console errors": {
        "stratus": "none",
        "because": "hydrate-as-prerendered"
      }
    }
  },
  "shallow push keeps the props, a deep one fetches them": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click css:#shallow": "clicked",
      "3 url": "/?tab=2",
      "4 text \"tab\" in #fields": "pathname /; route /; asPath /?tab=2; query {\"tab\":\"2\"}; isReady true; isFallback false; basePath \"\"; locale undefined",
      "5 text \"served with tab\" in #served": "served with tab none",
      "6 eval Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent)": "[\"routeChangeStart /?tab=2 shallow\",\"beforeHistoryChange /?tab=2 shallow\",\"routeChangeComplete /?tab=2 shallow\"]",
      "7 click css:#deep": "clicked",
      "8 text \"served with tab 3\" in #served": "served with tab 3",
      "9 eval Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent)": "[\"routeChangeStart /?tab=2 shallow\",\"beforeHistoryChange /?tab=2 shallow\",\"routeChangeComplete /?tab=2 shallow\",\"routeChangeStart /?tab=3\",\"beforeHistoryChange /?tab=3\",\"routeChangeComplete /?tab=3\"]",
      "10 navigation": "soft",
      "console errors": "none"
    }
  },
  "push an href object, back, replace, hash": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click css:#push-object": "clicked",
      "3 url": "/items/5?color=blue",
      "4 text \"Item 5\" in h1": "Item 5",
      "5 text \";\" in #fields": "pathname /items/[id]; asPath /items/5?color=blue; query {\"id\":\"5\",\"color\":\"blue\"}",
      "6 click css:#back": "clicked",
      "7 url": "/",
      "8 eval history.length": "3",
      "9 click css:#replace": "clicked",
      "10 url": "/items/9",
      "11 eval history.length": "3",
      "12 goto /": "200, hydrated",
      "13 click css:#hash": "clicked",
      "14 url": "/#part",
      "15 eval Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent)": "[\"hashChangeStart /#part\",\"hashChangeComplete /#part\"]",
      "16 navigation": "soft",
      "console errors": "none"
    }
  },
  "withRouter and events on a link": {
    "next": {
      "1 goto /classy": "200, hydrated",
      "2 click css:main button": "clicked",
      "3 url": "/items/3",
      "4 text \"Item 3\" in h1": "Item 3",
      "5 eval Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent)": "[\"routeChangeStart /items/3\",\"beforeHistoryChange /items/3\",\"routeChangeComplete /items/3\"]",
      "6 click Classy": "clicked",
      "7 text \"Classy at /classy\" in h1": "Classy at /classy",
      "8 navigation": "soft",
      "console errors": "none"
    }
  }
};
