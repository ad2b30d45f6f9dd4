// Next.js 16.4.6's answers to the checks of compat/checks/routing.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/routing.test.ts expects these.
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
      "title": "Routing home",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Routing home"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /about": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "About",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second About Props from about.js"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /alias": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "About",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second About Props from about.js"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /posts/hello": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Post hello",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Post hello params {\"slug\":\"hello\"} query {\"slug\":\"hello\"}"
    }
  },
  "GET /posts/hello%20world?ref=home&ref=nav": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Post hello world",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Post hello world params {\"slug\":\"hello world\"} query {\"ref\":[\"home\",\"nav\"],\"slug\":\"hello world\"}"
    }
  },
  "GET /docs/a/b": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Docs a/b",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Docs a / b segments 2"
    }
  },
  "GET /docs": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 404 This page could not be found."
    }
  },
  "GET /shop": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Shop",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Shop filters none sort default"
    }
  },
  "GET /shop/red/large?sort=price": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Shop",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Shop filters red, large sort price"
    }
  },
  "GET /greet/world": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Greeting",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Hello, world"
    }
  },
  "GET /items/7": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "Item",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Item ready false"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      },
      "text": {
        "stratus": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Item 7 ready false",
        "because": "dynamic-page-without-data-on-request"
      }
    }
  },
  "GET /blog": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Blog index"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /blog/first": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Blog first (static file)"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /blog/second": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Blog post second"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /blog/third": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 404 This page could not be found."
    }
  },
  "GET /_private": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Private"
    },
    "known": {
      "status": {
        "stratus": "404",
        "because": "underscore-files-private"
      },
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "underscore-files-private"
      },
      "title": {
        "stratus": "404: This page could not be found",
        "because": "underscore-files-private"
      },
      "text": {
        "stratus": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 404 This page could not be found.",
        "because": "underscore-files-private"
      }
    }
  },
  "GET /about/": {
    "next": {
      "status": "308",
      "location": "/about",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600",
        "because": "trailing-slash-redirect-cached"
      }
    }
  },
  "GET /About": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 404 This page could not be found."
    }
  },
  "GET /index": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 404 This page could not be found."
    }
  },
  "GET /nowhere": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 404 This page could not be found."
    }
  },
  "HEAD /about": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
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
  "POST /about": {
    "next": {
      "status": "405",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "GET, HEAD"
    },
    "known": {
      "content-type": {
        "stratus": "text/html; charset=utf-8",
        "because": "method-not-allowed-page"
      },
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "method-not-allowed-page"
      },
      "title": {
        "stratus": "405: Method Not Allowed",
        "because": "method-not-allowed-page"
      },
      "text": {
        "stratus": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second 405 Method Not Allowed.",
        "because": "method-not-allowed-page"
      }
    }
  },
  "POST /posts/hello": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "Post hello",
      "text": "Home | About | Post hello | Docs a/b | Shop | Shop red/large | Greet world | Item 7 | Alias | Blog first | Blog second Post hello params {\"slug\":\"hello\"} query {\"slug\":\"hello\"}"
    }
  },
  "links across route kinds, then back": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Post hello": "clicked",
      "3 url": "/posts/hello",
      "4 text \"Post hello\" in h1": "Post hello",
      "5 click Docs a/b": "clicked",
      "6 text \"Docs a / b\" in h1": "Docs a / b",
      "7 click Shop red/large": "clicked",
      "8 text \"filters red, large\" in main": "Shop filters red, large sort default",
      "9 click Greet world": "clicked",
      "10 text \"Hello, world\" in h1": "Hello, world",
      "11 click Alias": "clicked",
      "12 text \"Props from about.js\" in main": "About Props from about.js",
      "13 back": "done",
      "14 url": "/greet/world",
      "15 title": "Greeting",
      "16 navigation": "soft",
      "console errors": "none"
    }
  },
  "a dynamic page without data, loaded and reached by a link": {
    "next": {
      "1 goto /items/7": "200, hydrated",
      "2 text \"Item 7\" in h1": "Item 7",
      "3 text \"ready true\" in main": "Item 7 ready true",
      "4 click Blog first": "clicked",
      "5 text \"Blog first (static file)\" in h1": "Blog first (static file)",
      "6 click Item 7": "clicked",
      "7 text \"Item 7\" in h1": "Item 7",
      "8 navigation": "soft",
      "console errors": "none"
    }
  }
};
