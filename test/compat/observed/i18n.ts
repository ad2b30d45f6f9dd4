// Next.js 16.4.6's answers to the checks of compat/checks/i18n.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/i18n.test.ts expects these.
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
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Hello locale en of en, fr, de, default en",
      "html@lang": "en"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fr": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Bonjour locale fr of en, fr, de, default en",
      "html@lang": "fr"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /de/about": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written About (de) asPath /about, pathname /about, default en Deutsch",
      "html@lang": "de"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /en/about": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written About (en) asPath /about, pathname /about, default en Deutsch",
      "html@lang": "en"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /en": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Hello locale en of en, fr, de, default en"
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
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written About (en) asPath /about, pathname /about, default en Deutsch",
      "html@lang": "en",
      "a@href": "/ | /about | /fr/about | /posts/a | /ssr | /de/about"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fr/about": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written About (fr) asPath /about, pathname /about, default en Deutsch",
      "html@lang": "fr",
      "a@href": "/fr | /fr/about | /fr/about | /fr/posts/a | /fr/ssr | /de/about"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fr/ssr": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Server locale fr"
    }
  },
  "GET /posts/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Post a (en)"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /fr/posts/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Post a (fr)"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /de/posts/a": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written 404 This page could not be found."
    }
  },
  "GET /es/about": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written 404 This page could not be found."
    }
  },
  "GET /old-about": {
    "next": {
      "status": "307",
      "location": "/en/about",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      }
    }
  },
  "GET /fr/old-about": {
    "next": {
      "status": "307",
      "location": "/fr/about",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      }
    }
  },
  "GET /brand": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=0",
      "allow": "-",
      "body": "The brand, as a public file.\n"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600, s-maxage=86400",
        "because": "public-file-cache"
      }
    }
  },
  "GET /en/brand": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=0",
      "allow": "-",
      "body": "The brand, as a public file.\n"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600, s-maxage=86400",
        "because": "public-file-cache"
      }
    }
  },
  "GET /x/old-about": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written 404 This page could not be found."
    }
  },
  "GET /en/to-about": {
    "next": {
      "status": "307",
      "location": "/about",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      }
    }
  },
  "GET /fr/to-about": {
    "next": {
      "status": "307",
      "location": "/fr/about",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      }
    }
  },
  "GET /fr/files/brand.txt": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=0",
      "allow": "-",
      "body": "The brand, as a public file.\n"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600, s-maxage=86400",
        "because": "public-file-cache"
      }
    }
  },
  "GET /en/files/brand.txt": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "public, max-age=0",
      "allow": "-",
      "body": "The brand, as a public file.\n"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600, s-maxage=86400",
        "because": "public-file-cache"
      }
    }
  },
  "GET /fr/files/missing.txt": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written 404 This page could not be found."
    }
  },
  "GET /missing.txt": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written 404 This page could not be found."
    }
  },
  "GET /en/posts/a": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Post a (en)"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET / (Accept-Language: fr)": {
    "next": {
      "status": "307",
      "location": "/fr",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-store",
        "because": "locale-redirect-uncached"
      }
    }
  },
  "GET / (Accept-Language: es, unknown)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Hello locale en of en, fr, de, default en"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /about (Accept-Language: fr)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written About (en) asPath /about, pathname /about, default en Deutsch"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET / (Accept-Language: fr, NEXT_LOCALE=en)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "s-maxage=31536000",
      "allow": "-",
      "title": "-",
      "text": "Home | About | About in French | Post a | SSR | About, prefix written Hello locale en of en, fr, de, default en"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET / (NEXT_LOCALE=de)": {
    "next": {
      "status": "307",
      "location": "/de",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-store",
        "because": "locale-redirect-uncached"
      }
    }
  },
  "switching locale by Link and by router.push": {
    "next": {
      "1 goto /about": "200, hydrated",
      "2 click About in French": "clicked",
      "3 url": "/fr/about",
      "4 text \"About (fr)\" in h1": "About (fr)",
      "5 click Home": "clicked",
      "6 url": "/fr",
      "7 text \"Bonjour\" in h1": "Bonjour",
      "8 click About": "clicked",
      "9 text \"asPath /about, pathname /about, default en\" in main": "About (fr) asPath /about, pathname /about, default en Deutsch",
      "10 click css:button": "clicked",
      "11 url": "/de/about",
      "12 text \"About (de)\" in h1": "About (de)",
      "13 eval document.documentElement.lang": "\"de\"",
      "14 click Post a": "clicked",
      "15 url": "/de/posts/a",
      "16 navigation": "full load",
      "console errors": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/de/posts/a.json) | Failed to load resource: the server responded with a status of 404 (Not Found) (/de/posts/a)"
    },
    "known": {
      "16 navigation": {
        "stratus": "soft",
        "because": "soft-404"
      },
      "console errors": {
        "stratus": "Failed to load resource: the server responded with a status of 404 (Not Found) (/<data>/<build>/de/posts/a.json)",
        "because": "soft-404"
      }
    }
  }
};
