// Next.js 16.4.6's answers to the checks of compat/checks/rules.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/rules.test.ts expects these.
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
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "seen",
      "header:x-member": "-",
      "title": "Rules home",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Rules home"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /index": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "seen",
      "header:x-member": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo 404 This page could not be found."
    }
  },
  "GET /old-blog/hello": {
    "next": {
      "status": "308",
      "location": "/posts/hello",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /old-blog/hello?ref=x": {
    "next": {
      "status": "308",
      "location": "/posts/hello?ref=x",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /old-blog/hello/": {
    "next": {
      "status": "308",
      "location": "/old-blog/hello",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600",
        "because": "trailing-slash-redirect-cached"
      }
    }
  },
  "GET /docs-old/a/b": {
    "next": {
      "status": "307",
      "location": "/docs/a/b",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /docs-old": {
    "next": {
      "status": "307",
      "location": "/docs",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /external": {
    "next": {
      "status": "301",
      "location": "https://example.com/landing",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /vip (cookie vip=yes)": {
    "next": {
      "status": "307",
      "location": "/about?vip=1",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "per-visitor-private"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /vip (cookie vip=no)": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo 404 This page could not be found."
    }
  },
  "GET /search?q=hello": {
    "next": {
      "status": "307",
      "location": "/posts/hello?q=hello",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=60",
        "because": "config-redirect-cached"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /search": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo 404 This page could not be found."
    }
  },
  "GET /from-header (x-go: hello)": {
    "next": {
      "status": "307",
      "location": "/posts/hello",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "per-visitor-private"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /from-header (x-go: 42)": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo 404 This page could not be found."
    }
  },
  "GET /guest": {
    "next": {
      "status": "307",
      "location": "/login",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "-",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "per-visitor-private"
      },
      "header:x-site": {
        "stratus": "rules",
        "because": "headers-on-redirects"
      }
    }
  },
  "GET /guest (cookie session)": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo 404 This page could not be found."
    }
  },
  "GET /about": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "1",
      "header:x-middleware": "seen",
      "header:x-member": "-",
      "title": "About",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo About page"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /about (cookie seen)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "seen",
      "header:x-member": "-",
      "title": "About",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo About page"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /about?v=2": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "yes",
      "header:x-first-visit": "1",
      "header:x-middleware": "seen",
      "header:x-member": "-",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo About, second version"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /about?v=3": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "yes",
      "header:x-first-visit": "1",
      "header:x-middleware": "seen",
      "header:x-member": "-",
      "title": "About",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo About page"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /info": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "About",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo About page"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      },
      "header:x-middleware": {
        "stratus": "seen",
        "because": "middleware-on-rewrite-destination"
      }
    }
  },
  "GET /p/hello": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Post hello query {\"slug\":\"hello\"} resolvedUrl /posts/hello pathname /posts/[slug] asPath /p/hello"
    }
  },
  "GET /posts/special": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "post-special",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "About",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo About page"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      },
      "header:x-middleware": {
        "stratus": "seen",
        "because": "middleware-on-rewrite-destination"
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
      "header:x-site": "rules",
      "header:x-post": "post-hello",
      "header:x-seen-hello": "yes",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Post hello query {\"slug\":\"hello\"} resolvedUrl /posts/hello pathname /posts/[slug] asPath /posts/hello"
    }
  },
  "GET /home-variant (x-variant: b)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Beta home"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /home-variant": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "404: This page could not be found",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo 404 This page could not be found."
    }
  },
  "GET /legacy/a/b": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Docs a / b"
    }
  },
  "GET /members": {
    "next": {
      "status": "307",
      "location": "/login?from=%2Fmembers",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /members (cookie session)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "alice",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Members only cookie session=alice"
    }
  },
  "GET /members/area": {
    "next": {
      "status": "307",
      "location": "/login?from=%2Fmembers%2Farea",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /promo": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "title": "-",
      "text": "Home | About | Old blog hello | Old docs a/b | Info | P hello | Special post | Legacy x/y | Members | Promo Landing page"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /status": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "header:x-status": "from-middleware",
      "body": "{\"ok\":true,\"path\":\"/status\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "GET /pattern/42": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json",
      "cache-control": "-",
      "allow": "-",
      "header:x-site": "rules",
      "header:x-post": "-",
      "header:x-seen-hello": "-",
      "header:x-about-variant": "-",
      "header:x-first-visit": "-",
      "header:x-middleware": "-",
      "header:x-member": "-",
      "body": "{\"id\":\"42\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache",
        "because": "per-visitor-private"
      }
    }
  },
  "a link into a redirected path": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Old blog hello": "clicked",
      "3 url": "/posts/hello",
      "4 text \"Post hello\" in h1": "Post hello",
      "5 text \"asPath\" in main": "Post hello query {\"slug\":\"hello\"} resolvedUrl /posts/hello pathname /posts/[slug] asPath /posts/hello",
      "6 navigation": "full load",
      "7 click Old docs a/b": "clicked",
      "8 url": "/docs/a/b",
      "9 text \"Docs a / b\" in h1": "Docs a / b",
      "10 navigation": "full load",
      "11 back": "done",
      "12 url": "/posts/hello",
      "console errors": "none"
    }
  },
  "links to rewritten paths": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Info": "clicked",
      "3 text \"About page\" in h1": "About page",
      "4 url": "/info",
      "5 click P hello": "clicked",
      "6 text \"Post hello\" in h1": "Post hello",
      "7 url": "/p/hello",
      "8 text \"asPath\" in main": "Post hello query {\"slug\":\"hello\"} resolvedUrl /posts/hello pathname /posts/[slug] asPath /p/hello",
      "9 click Special post": "clicked",
      "10 text \"About page\" in h1": "About page",
      "11 url": "/posts/special",
      "12 click Legacy x/y": "clicked",
      "13 text \"Docs x / y\" in h1": "Docs x / y",
      "14 url": "/legacy/x/y",
      "15 click Promo": "clicked",
      "16 text \"Landing page\" in h1": "Landing page",
      "17 url": "/promo",
      "18 navigation": "soft",
      "console errors": "none"
    }
  },
  "a page behind middleware, without and with the cookie": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Members": "clicked",
      "3 url": "/login?from=%2Fmembers",
      "4 text \"Please log in\" in h1": "Please log in",
      "5 text \"from /members\" in main": "Please log in from /members",
      "6 navigation": "soft",
      "7 eval (document.cookie = 'session=alice; path=/', document.cookie)": "\"session=alice\"",
      "8 click Members": "clicked",
      "9 url": "/login?from=%2Fmembers",
      "10 text \"Members only\" in h1": "Please log in",
      "11 text \"cookie session=alice\" in main": "Please log in from /members",
      "12 navigation": "soft",
      "13 goto /": "200, hydrated",
      "14 click Members": "clicked",
      "15 url": "/members",
      "16 text \"cookie session=alice\" in main": "Members only cookie session=alice",
      "17 navigation": "soft",
      "console errors": "none"
    },
    "known": {
      "9 url": {
        "stratus": "/members",
        "because": "middleware-asked-each-navigation"
      },
      "10 text \"Members only\" in h1": {
        "stratus": "Members only",
        "because": "middleware-asked-each-navigation"
      },
      "11 text \"cookie session=alice\" in main": {
        "stratus": "Members only cookie session=alice",
        "because": "middleware-asked-each-navigation"
      }
    }
  },
  "a rewritten path loaded in full": {
    "next": {
      "1 goto /p/hello?ref=x": "200, hydrated",
      "2 text \"Post hello\" in h1": "Post hello",
      "3 text \"asPath\" in main": "Post hello query {\"ref\":\"x\",\"slug\":\"hello\"} resolvedUrl /posts/hello?ref=x pathname /posts/[slug] asPath /p/hello?ref=x",
      "4 click About": "clicked",
      "5 text \"About page\" in h1": "About page",
      "6 url": "/about",
      "7 navigation": "soft",
      "console errors": "none"
    }
  }
};
