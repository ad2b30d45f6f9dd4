// Next.js 16.4.6's answers to the checks of compat/checks/data.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/data.test.ts expects these.
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
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Data home built by getStaticProps"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /isr": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=60, stale-while-revalidate=31535940",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone ISR page: revalidates every minute"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60, stale-while-revalidate=31536000",
        "because": "revalidate-cache-control"
      }
    }
  },
  "GET /gone": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone 404 This page could not be found."
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fb-false/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone False a"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fb-false/c": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone 404 This page could not be found."
    }
  },
  "GET /fb-true/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone True a"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fb-true/new": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Loading fallback…"
    }
  },
  "GET /fb-blocking/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=30, stale-while-revalidate=31535970",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Blocking a"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=30, stale-while-revalidate=31536000",
        "because": "revalidate-cache-control"
      }
    }
  },
  "GET /fb-blocking/new": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=30, stale-while-revalidate=31535970",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Blocking new"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=30, stale-while-revalidate=31536000",
        "because": "revalidate-cache-control"
      }
    }
  },
  "GET /fb-blocking/missing": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone 404 This page could not be found."
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fb-blocking/old": {
    "next": {
      "status": "308",
      "location": "/fb-blocking/a",
      "content-type": "-",
      "cache-control": "s-maxage=31536000",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /ssr/1?sort=asc&tag=a&tag=b": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone SSR 1 query {\"sort\":\"asc\",\"tag\":[\"a\",\"b\"],\"id\":\"1\"} resolvedUrl /ssr/1?sort=asc&tag=a&tag=b"
    }
  },
  "GET /ssr/gone": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone 404 This page could not be found."
    }
  },
  "GET /ssr/old": {
    "next": {
      "status": "307",
      "location": "/ssr/1",
      "content-type": "-",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-"
    }
  },
  "GET /ssr/moved": {
    "next": {
      "status": "301",
      "location": "/ssr/1",
      "content-type": "-",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-"
    }
  },
  "GET /ssr/away": {
    "next": {
      "status": "308",
      "location": "https://example.com/elsewhere",
      "content-type": "-",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-"
    }
  },
  "GET /asap": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=1, stale-while-revalidate=31535999",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone As soon as possible: revalidate true"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=1, stale-while-revalidate=31536000",
        "because": "revalidate-cache-control"
      }
    }
  },
  "GET /listed/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Listed a"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /listed/b": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Listed b"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /bare": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Home | ISR | False a | True new | Blocking new | Blocking old | SSR 2 | SSR old | SSR gone | Gone Bare props {}"
    }
  },
  "fallback: true shows the shell, then the page": {
    "next": {
      "1 goto /fb-true/other": "200, hydrated",
      "2 text \"True other\" in h1": "True other",
      "3 title": "",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/gone.json)"
    }
  },
  "soft navigations through every data kind": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click False a": "clicked",
      "3 text \"False a\" in h1": "False a",
      "4 click True new": "clicked",
      "5 text \"True new\" in h1": "True new",
      "6 click Blocking new": "clicked",
      "7 text \"Blocking new\" in h1": "Blocking new",
      "8 click SSR 2": "clicked",
      "9 text \"query {\"sort\":\"asc\",\"id\":\"2\"}\" in main": "SSR 2 query {\"sort\":\"asc\",\"id\":\"2\"} resolvedUrl /ssr/2?sort=asc",
      "10 url": "/ssr/2?sort=asc",
      "11 click ISR": "clicked",
      "12 text \"ISR page: revalidates every minute\" in h1": "ISR page: revalidates every minute",
      "13 navigation": "soft",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/gone.json)"
    }
  },
  "redirects reached by links": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click SSR old": "clicked",
      "3 url": "/ssr/1",
      "4 text \"SSR 1\" in h1": "SSR 1",
      "5 click Blocking old": "clicked",
      "6 url": "/fb-blocking/a",
      "7 text \"Blocking a\" in h1": "Blocking a",
      "8 navigation": "soft",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/gone.json)"
    }
  },
  "notFound from getServerSideProps reached by a link": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click SSR gone": "clicked",
      "3 text \"This page could not be found\"": "shows \"This page could not be found\"",
      "4 url": "/ssr/gone",
      "5 title": "404: This page could not be found",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/gone.json) | Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/ssr/gone.json)"
    }
  },
  "notFound from getStaticProps reached by a link": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Gone": "clicked",
      "3 text \"This page could not be found\"": "shows \"This page could not be found\"",
      "4 url": "/gone",
      "5 title": "404: This page could not be found",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/gone.json)"
    }
  }
};
