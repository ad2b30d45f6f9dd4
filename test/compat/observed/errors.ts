// Next.js 16.4.6's answers to the checks of compat/checks/errors.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/errors.test.ts expects these.
import type { RecordedCheck } from '../../../compat/compare';

export const NEXT_VERSION = "16.4.6";

export const observed: Record<string, RecordedCheck> = {
  "GET /nowhere": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Lost",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom 404: nothing here"
    }
  },
  "GET /boom": {
    "next": {
      "status": "500",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Broken",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom 500: something broke"
    }
  },
  "GET /teapot": {
    "next": {
      "status": "418",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "418: An unexpected error has occurred",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash 418 An unexpected error has occurred."
    }
  },
  "GET /missing-thing": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash 404 This page could not be found."
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /404": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "Lost",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom 404: nothing here"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "error-page-no-store"
      }
    }
  },
  "GET /500": {
    "next": {
      "status": "500",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "Broken",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom 500: something broke"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "error-page-no-store"
      }
    }
  },
  "GET /_error": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Lost",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom 404: nothing here"
    }
  },
  "GET /%E0%A4%A": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Lost",
      "text": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom 404: nothing here"
    },
    "known": {
      "status": {
        "stratus": "400",
        "because": "malformed-url-400"
      },
      "title": {
        "stratus": "-",
        "because": "malformed-url-400"
      },
      "text": {
        "stratus": "Home | Nowhere | Boom | Teapot | Missing thing | Crash Custom error: 400 on the server",
        "because": "malformed-url-400"
      }
    }
  },
  "custom 404 by a link, then back": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Nowhere": "clicked",
      "3 text \"Custom 404: nothing here\" in h1": "Custom 404: nothing here",
      "4 title": "Lost",
      "5 url": "/nowhere",
      "6 back": "done",
      "7 url": "/",
      "8 text \"Errors home\" in h1": "Errors home",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/nowhere)"
    }
  },
  "the 404 page keeps the query of the visited URL": {
    "next": {
      "1 goto /nowhere?x=1&y=2": "404, hydrated",
      "2 text \"/nowhere?x=1&y=2\" in #seen": "{\"x\":\"1\",\"y\":\"2\"} /nowhere?x=1&y=2",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/nowhere)"
    }
  },
  "custom 500 by a link": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Boom": "clicked",
      "3 text \"Custom 500: something broke\" in h1": "Custom 500: something broke",
      "4 title": "Broken",
      "5 url": "/boom",
      "console errors": "Failed to load resource: the server responded with a status of 500 (Internal Server Error) (/<data>/<build>/boom.json) | Failed to load resource: the server responded with a status of 500 (Internal Server Error) (/boom)"
    }
  },
  "next/error pages by links": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Teapot": "clicked",
      "3 title": "418: An unexpected error has occurred",
      "4 click Home": "clicked",
      "5 click Missing thing": "clicked",
      "6 title": "404: This page could not be found",
      "7 navigation": "full load",
      "console errors": "Failed to load resource: the server responded with a status of 418 (I'm a Teapot) (/<data>/<build>/teapot.json) | Failed to load resource: the server responded with a status of 418 (I'm a Teapot) (/teapot)"
    },
    "known": {
      "7 navigation": {
        "stratus": "soft",
        "because": "soft-404"
      },
      "console errors": {
        "stratus": "none",
        "because": "soft-404"
      }
    }
  },
  "a render exception in the browser": {
    "next": {
      "1 goto /crash": "200, hydrated",
      "2 click css:button": "clicked",
      "3 text \"Custom error: on the client\"": "shows \"Custom error: on the client\"",
      "4 title": "",
      "console errors": "A client-side exception has occurred, see here for more info: https://nextjs.org/docs/messages/client-side-exception-occurred (/<static>/chunks/<chunk>) | Error: render crash in the browser (/<static>/chunks/<chunk>)"
    },
    "known": {
      "console errors": {
        "stratus": "Error: render crash in the browser (/<static>/chunks/<chunk>)",
        "because": "client-exception-log"
      }
    }
  }
};
