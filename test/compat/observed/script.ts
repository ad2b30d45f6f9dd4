// Next.js 16.4.6's answers to the checks of compat/checks/script.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/script.test.ts expects these.
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
      "text": "Home | Other Scripts",
      "script[src$=\"before.js\"], script[src$=\"after.js\"], script[src$=\"lazy.js\"], script[src$=\"missing.js\"], script[id^=\"inline\"]@id,src": "/before.js"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /other": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | Other Other page",
      "script[src$=\"before.js\"], script[src$=\"after.js\"], script[src$=\"lazy.js\"], script[src$=\"missing.js\"], script[id^=\"inline\"]@id,src": "/before.js"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "every strategy runs once, also after navigating away and back": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 eval (window.__order || []).includes('lazy') && window.__missingOnError === 1": "true",
      "3 eval ({ order: window.__order, afterOnLoad: window.__afterOnLoad, afterOnReady: window.__afterOnReady, lazyOnLoad: window.__lazyOnLoad, missingOnError: window.__missingOnError })": "{\"order\":[\"before\",\"inline child\",\"inline html\",\"after\",\"lazy\"],\"afterOnLoad\":1,\"afterOnReady\":1,\"lazyOnLoad\":1,\"missingOnError\":1}",
      "4 click Other": "clicked",
      "5 text \"Other page\" in h1": "Other page",
      "6 click Home": "clicked",
      "7 text \"Scripts\" in h1": "Scripts",
      "8 eval window.__afterOnReady": "2",
      "9 network": "idle",
      "10 eval ({ order: window.__order, afterOnLoad: window.__afterOnLoad, afterOnReady: window.__afterOnReady, lazyOnLoad: window.__lazyOnLoad, missingOnError: window.__missingOnError })": "{\"order\":[\"before\",\"inline child\",\"inline html\",\"after\",\"lazy\"],\"afterOnLoad\":1,\"afterOnReady\":2,\"lazyOnLoad\":1,\"missingOnError\":1}",
      "11 eval document.querySelectorAll('script[src$=\"after.js\"]').length": "1",
      "12 navigation": "soft",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/missing.js)"
    },
    "known": {
      "console errors": {
        "stratus": "Failed to load resource: the server responded with a status of 404 (Not Found) (/missing.js) | Refused to execute script from '/missing.js' because its MIME type ('text/html') is not executable, and strict MIME type checking is enabled. (/)",
        "because": "nosniff"
      }
    }
  },
  "scripts of a page reached by a soft navigation": {
    "next": {
      "1 goto /other": "200, hydrated",
      "2 click Home": "clicked",
      "3 eval (window.__order || []).includes('lazy')": "true",
      "4 eval ({ order: [...(window.__order || [])].sort(), afterOnLoad: window.__afterOnLoad, afterOnReady: window.__afterOnReady, lazyOnLoad: window.__lazyOnLoad, missingOnError: window.__missingOnError })": "{\"order\":[\"after\",\"before\",\"inline child\",\"inline html\",\"lazy\"],\"afterOnLoad\":1,\"afterOnReady\":1,\"lazyOnLoad\":1,\"missingOnError\":1}",
      "5 navigation": "soft",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/missing.js)"
    },
    "known": {
      "console errors": {
        "stratus": "Failed to load resource: the server responded with a status of 404 (Not Found) (/missing.js) | Refused to execute script from '/missing.js' because its MIME type ('text/html') is not executable, and strict MIME type checking is enabled. (/)",
        "because": "nosniff"
      }
    }
  }
};
