// Next.js 16.4.6's answers to the checks of compat/checks/api.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/api.test.ts expects these.
import type { RecordedCheck } from '../../../compat/compare';

export const NEXT_VERSION = "16.4.6";

export const observed: Record<string, RecordedCheck> = {
  "GET /api/hello?x=1&x=2": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"hello\":\"world\",\"method\":\"GET\",\"query\":{\"x\":[\"1\",\"2\"]}}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "HEAD /api/hello": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/hello (text/plain)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"hello\":\"world\",\"method\":\"POST\",\"query\":{}}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/echo (application/json)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"type\":\"application/json\",\"body\":{\"a\":1,\"b\":[true,null]},\"bodyType\":\"object\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/echo (application/x-www-form-urlencoded)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"type\":\"application/x-www-form-urlencoded\",\"body\":{\"a\":\"1\",\"b\":[\"2\",\"3\"]},\"bodyType\":\"object\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/echo (text/plain)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"type\":\"text/plain\",\"body\":\"just text\",\"bodyType\":\"string\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/echo (malformed JSON)": {
    "next": {
      "status": "400",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "body": "Invalid JSON"
    },
    "known": {
      "content-type": {
        "stratus": "application/json",
        "because": "api-json-errors"
      },
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      },
      "body": {
        "stratus": "{\"error\":\"Invalid JSON: Unexpected end of JSON input\"}",
        "because": "api-json-errors"
      }
    }
  },
  "POST /api/echo (no body, no type)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"type\":null,\"body\":\"\",\"bodyType\":\"string\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/raw (application/octet-stream)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "body": "9 bytes, first 114, body undefined"
    },
    "known": {
      "content-type": {
        "stratus": "text/plain; charset=utf-8",
        "because": "api-content-type"
      },
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "GET /api/users/7": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:set-cookie": "last-user=7; Path=/; HttpOnly, seen=1; Path=/",
      "body": "{\"id\":\"7\",\"name\":\"Grace\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "PATCH /api/users/7 (application/json)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "header:set-cookie": "last-user=7; Path=/; HttpOnly, seen=1; Path=/",
      "body": "{\"id\":\"7\",\"name\":\"Ada\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "DELETE /api/users/7": {
    "next": {
      "status": "204",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "body": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "PUT /api/users/7 (application/json)": {
    "next": {
      "status": "405",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "GET, PATCH, DELETE",
      "body": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "GET /api/users/0": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"error\":\"no such user\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "GET /api/redirect": {
    "next": {
      "status": "307",
      "location": "/api/hello?from=redirect",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "body": "/api/hello?from=redirect"
    },
    "known": {
      "content-type": {
        "stratus": "text/plain; charset=utf-8",
        "because": "api-content-type"
      },
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "GET /api/text": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "-",
      "cache-control": "public, max-age=60",
      "allow": "-",
      "body": "plain words"
    },
    "known": {
      "content-type": {
        "stratus": "text/plain; charset=utf-8",
        "because": "api-content-type"
      }
    }
  },
  "GET /api/throws": {
    "next": {
      "status": "500",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "body": "Internal Server Error"
    },
    "known": {
      "content-type": {
        "stratus": "application/json",
        "because": "api-json-errors"
      },
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      },
      "body": {
        "stratus": "{\"error\":\"Internal Server Error\"}",
        "because": "api-json-errors"
      }
    }
  },
  "GET /api/nope": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "body": "<!DOCTYPE html><html><head><meta charSet=\"utf-8\" data-next-head=\"\"/><meta name=\"viewport\" content=\"width=device-width\" data-next-head=\"\"/><title data-next-head=\"\">404: This page could not be found</title><noscript data-n-css=\"\"></noscript><script>(globalThis[\"TURBOPACK\"] || (globalThis[\"TURBOPACK\"] = [])).push({\"otherChunks\":[\"static/chunks/3-dr5lq4kzco3.js\",\"static/chunks/00uadalkc6wkp.js\"],\"runtimeModuleIds\":[48091,99558]});\n(globalThis[\"TURBOPACK\"] || (globalThis[\"TURBOPACK\"] = [])).push({\"otherChunks\":[\"static/chunks/00wclcurw4lkf.js\"],\"runtimeModuleIds\":[48091,64212]});</script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/<build>/_buildManifest.js\" defer=\"\"></script><script src=\"/<static>/<build>/_ssgManifest.js\" defer=\"\"></script><script src=\"/<static>/<build>/_clientMiddlewareManifest.js\" defer=\"\"></script></head><body><div id=\"__next\"><div style=\"font-family:system-ui,&quot;Segoe UI&quot;,Roboto,Helvetica,Arial,sans-serif,&quot;Apple Color Emoji&quot;,&quot;Segoe UI Emoji&quot;;height:100vh;text-align:center;display:flex;flex-direction:column;align-items:center;justify-content:center\"><div style=\"line-height:48px\"><style>body{color:#000;background:#fff;margin:0}.next-error-h1{border-right:1px solid rgba(0,0,0,.3)}@media (prefers-color-scheme:dark){body{color:#fff;background:#000}.next-error-h1{border-right:1px solid rgba(255,255,255,.3)}}</style><h1 class=\"next-error-h1\" style=\"display:inline-block;margin:0 20px 0 0;padding-right:23px;font-size:24px;font-weight:500;vertical-align:top\">404</h1><div style=\"display:inline-block\"><h2 style=\"font-size:14px;font-weight:400;line-height:28px\">This page could not be found<!-- -->.</h2></div></div></div></div><script id=\"__NEXT_DATA__\" type=\"application/json\">{\"props\":{\"pageProps\":{\"statusCode\":404}},\"page\":\"/_error\",\"query\":{},\"buildId\":\"<build>\",\"nextExport\":true,\"isFallback\":false,\"gip\":true,\"scriptLoader\":[]}</script></body></html>",
      "title": "404: This page could not be found",
      "text": "404 This page could not be found."
    },
    "known": {
      "content-type": {
        "stratus": "application/json",
        "because": "api-json-errors"
      },
      "body": {
        "stratus": "{\"error\":\"Not Found\"}",
        "because": "api-json-errors"
      },
      "title": {
        "stratus": "(absent)",
        "because": "api-json-errors"
      },
      "text": {
        "stratus": "(absent)",
        "because": "api-json-errors"
      }
    }
  },
  "GET /api": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-cache, no-store, max-age=0, must-revalidate",
      "allow": "-",
      "body": "<!DOCTYPE html><html><head><meta charSet=\"utf-8\" data-next-head=\"\"/><meta name=\"viewport\" content=\"width=device-width\" data-next-head=\"\"/><title data-next-head=\"\">404: This page could not be found</title><noscript data-n-css=\"\"></noscript><script>(globalThis[\"TURBOPACK\"] || (globalThis[\"TURBOPACK\"] = [])).push({\"otherChunks\":[\"static/chunks/3-dr5lq4kzco3.js\",\"static/chunks/00uadalkc6wkp.js\"],\"runtimeModuleIds\":[48091,99558]});\n(globalThis[\"TURBOPACK\"] || (globalThis[\"TURBOPACK\"] = [])).push({\"otherChunks\":[\"static/chunks/00wclcurw4lkf.js\"],\"runtimeModuleIds\":[48091,64212]});</script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/chunks/<chunk>\" defer=\"\"></script><script src=\"/<static>/<build>/_buildManifest.js\" defer=\"\"></script><script src=\"/<static>/<build>/_ssgManifest.js\" defer=\"\"></script><script src=\"/<static>/<build>/_clientMiddlewareManifest.js\" defer=\"\"></script></head><body><div id=\"__next\"><div style=\"font-family:system-ui,&quot;Segoe UI&quot;,Roboto,Helvetica,Arial,sans-serif,&quot;Apple Color Emoji&quot;,&quot;Segoe UI Emoji&quot;;height:100vh;text-align:center;display:flex;flex-direction:column;align-items:center;justify-content:center\"><div style=\"line-height:48px\"><style>body{color:#000;background:#fff;margin:0}.next-error-h1{border-right:1px solid rgba(0,0,0,.3)}@media (prefers-color-scheme:dark){body{color:#fff;background:#000}.next-error-h1{border-right:1px solid rgba(255,255,255,.3)}}</style><h1 class=\"next-error-h1\" style=\"display:inline-block;margin:0 20px 0 0;padding-right:23px;font-size:24px;font-weight:500;vertical-align:top\">404</h1><div style=\"display:inline-block\"><h2 style=\"font-size:14px;font-weight:400;line-height:28px\">This page could not be found<!-- -->.</h2></div></div></div></div><script id=\"__NEXT_DATA__\" type=\"application/json\">{\"props\":{\"pageProps\":{\"statusCode\":404}},\"page\":\"/_error\",\"query\":{},\"buildId\":\"<build>\",\"nextExport\":true,\"isFallback\":false,\"gip\":true,\"scriptLoader\":[]}</script></body></html>",
      "title": "404: This page could not be found",
      "text": "404 This page could not be found."
    },
    "known": {
      "content-type": {
        "stratus": "application/json",
        "because": "api-json-errors"
      },
      "body": {
        "stratus": "{\"error\":\"Not Found\"}",
        "because": "api-json-errors"
      },
      "title": {
        "stratus": "(absent)",
        "because": "api-json-errors"
      },
      "text": {
        "stratus": "(absent)",
        "because": "api-json-errors"
      }
    }
  },
  "GET /api/things": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"things\":\"index\"}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "GET /api/things/": {
    "next": {
      "status": "308",
      "location": "/api/things",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-",
      "header:refresh": "0; url=/api/things",
      "body": "/api/things"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600",
        "because": "trailing-slash-redirect-cached"
      }
    }
  },
  "GET /api/things/a/b": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "body": "{\"slug\":[\"a\",\"b\"]}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "GET /api/edge/7?q=x": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "application/json",
      "cache-control": "-",
      "allow": "-",
      "header:x-from-edge": "1",
      "body": "{\"method\":\"GET\",\"id\":\"7\",\"q\":\"x\",\"pathname\":\"/api/edge/7\",\"asked\":\"yes\",\"cookie\":\"plum\",\"body\":null,\"headersIterate\":true}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "POST /api/edge/8 (text/plain)": {
    "next": {
      "status": "201",
      "location": "-",
      "content-type": "application/json",
      "cache-control": "-",
      "allow": "-",
      "header:x-from-edge": "1",
      "body": "{\"method\":\"POST\",\"id\":\"8\",\"q\":null,\"pathname\":\"/api/edge/8\",\"asked\":null,\"cookie\":null,\"body\":\"sent\",\"headersIterate\":true}"
    },
    "known": {
      "cache-control": {
        "stratus": "private, no-cache, no-store, max-age=0, must-revalidate",
        "because": "api-uncached"
      }
    }
  },
  "a page calling an API route with fetch": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click css:button": "clicked",
      "3 text \"200\" in #answer": "200 {\"id\":\"7\",\"name\":\"Ada\"}",
      "4 eval document.cookie": "\"seen=1\"",
      "console errors": "none"
    }
  }
};
