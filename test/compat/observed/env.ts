// Next.js 16.4.6's answers to the checks of compat/checks/env.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/env.test.ts expects these.
import type { RecordedCheck } from '../../../compat/compare';

export const NEXT_VERSION = "16.4.6";

export const observed: Record<string, RecordedCheck> = {
  "GET /": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Environment greeting hello from .env; mode production file wins; config from next.config.js secret server-only-secret; host db.internal not yet"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /server": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Server secret server-only-secret; mode production file wins"
    },
    "known": {
      "text": {
        "stratus": "Server secret unset; mode production file wins",
        "because": "env-at-request-time"
      }
    }
  },
  "what the browser reads": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 text \"greeting\" in #browser": "greeting hello from .env; mode production file wins; config from next.config.js; secret undefined; node env production",
      "3 text \"greeting\" in #rendered": "greeting hello from .env; mode production file wins; config from next.config.js",
      "console errors": "none"
    }
  }
};
