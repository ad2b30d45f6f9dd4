// Next.js 16.4.6's answers to the checks of compat/checks/dynamic.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/dynamic.test.ts expects these.
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
      "text": "Home | Second Dynamic home Hello, reader, from a code-split component Loading browser part… A named export"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /second": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | Second Second Hello, second page, from a code-split component Show chart"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "after hydration every component is there": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 text \"Rendered in the browser, window side\" in #browser-only": "Rendered in the browser, window side",
      "3 text \"A named export\" in #named": "A named export",
      "4 click Second": "clicked",
      "5 text \"Hello, second page\" in main": "Second Hello, second page, from a code-split component Show chart",
      "6 click css:main button": "clicked",
      "7 text \"Chart drawn\" in #chart": "Chart drawn",
      "8 navigation": "soft",
      "console errors": "none"
    }
  },
  "a soft navigation to a page of dynamic components": {
    "next": {
      "1 goto /second": "200, hydrated",
      "2 click Home": "clicked",
      "3 text \"Hello, reader\" in #hello": "Hello, reader, from a code-split component",
      "4 text \"Rendered in the browser, window side\" in #browser-only": "Rendered in the browser, window side",
      "5 text \"A named export\" in #named": "A named export",
      "6 navigation": "soft",
      "console errors": "none"
    }
  }
};
