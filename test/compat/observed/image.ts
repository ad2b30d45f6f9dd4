// Next.js 16.4.6's answers to the checks of compat/checks/image.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/image.test.ts expects these.
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
      "text": "Images",
      "img@id,alt,src,srcset,sizes,width,height,loading,decoding,fetchpriority,style": "fixed Sky, fixed size /<image>?url=%2Fsky.png&w=384&q=75 /<image>?url=%2Fsky.png&w=256&q=75 1x, /<image>?url=%2Fsky.png&w=384&q=75 2x 160 100 lazy async color:transparent | imported Brick, imported /<image>?url=%2F<static>%2Fmedia%2Fbrick.jpg&w=384&q=75 /<image>?url=%2F<static>%2Fmedia%2Fbrick.jpg&w=256&q=75 1x, /<image>?url=%2F<static>%2Fmedia%2Fbrick.jpg&w=384&q=75 2x 160 120 lazy async color:transparent | priority Sky, priority /<image>?url=%2Fsky.png&w=640&q=75 /<image>?url=%2Fsky.png&w=384&q=75 1x, /<image>?url=%2Fsky.png&w=640&q=75 2x 320 200 async color:transparent | sized Sky, sizes /<image>?url=%2Fsky.png&w=3840&q=75 /<image>?url=%2Fsky.png&w=384&q=75 384w, /<image>?url=%2Fsky.png&w=640&q=75 640w, /<image>?url=%2Fsky.png&w=750&q=75 750w, /<image>?url=%2Fsky.png&w=828&q=75 828w, /<image>?url=%2Fsky.png&w=1080&q=75 1080w, /<image>?url=%2Fsky.png&w=1200&q=75 1200w, /<image>?url=%2Fsky.png&w=1920&q=75 1920w, /<image>?url=%2Fsky.png&w=2048&q=75 2048w, /<image>?url=%2Fsky.png&w=3840&q=75 3840w (max-width: 600px) 100vw, 50vw 320 200 lazy async color:transparent | fill Sky, fill /<image>?url=%2Fsky.png&w=3840&q=75 /<image>?url=%2Fsky.png&w=640&q=75 640w, /<image>?url=%2Fsky.png&w=750&q=75 750w, /<image>?url=%2Fsky.png&w=828&q=75 828w, /<image>?url=%2Fsky.png&w=1080&q=75 1080w, /<image>?url=%2Fsky.png&w=1200&q=75 1200w, /<image>?url=%2Fsky.png&w=1920&q=75 1920w, /<image>?url=%2Fsky.png&w=2048&q=75 2048w, /<image>?url=%2Fsky.png&w=3840&q=75 3840w 100vw lazy async position:absolute;height:100%;width:100%;left:0;top:0;right:0;bottom:0;object-fit:cover;color:transparent | unoptimized Sky, unoptimized /sky.png 32 20 lazy async color:transparent",
      "head link[rel=preload]@as,href,imagesrcset,imagesizes,fetchpriority": "image /<image>?url=%2Fsky.png&w=384&q=75 1x, /<image>?url=%2Fsky.png&w=640&q=75 2x"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      },
      "img@id,alt,src,srcset,sizes,width,height,loading,decoding,fetchpriority,style": {
        "stratus": "fixed Sky, fixed size /<image>?url=%2Fsky.png&w=384&q=75 /<image>?url=%2Fsky.png&w=256&q=75 1x, /<image>?url=%2Fsky.png&w=384&q=75 2x 160 100 lazy async color:transparent | imported Brick, imported /<image>?url=%2F<static>%2Fmedia%2Fbrick.jpg&w=384&q=75 /<image>?url=%2F<static>%2Fmedia%2Fbrick.jpg&w=256&q=75 1x, /<image>?url=%2F<static>%2Fmedia%2Fbrick.jpg&w=384&q=75 2x 160 120 lazy async color:transparent | priority Sky, priority /<image>?url=%2Fsky.png&w=640&q=75 /<image>?url=%2Fsky.png&w=384&q=75 1x, /<image>?url=%2Fsky.png&w=640&q=75 2x 320 200 async high color:transparent | sized Sky, sizes /<image>?url=%2Fsky.png&w=3840&q=75 /<image>?url=%2Fsky.png&w=384&q=75 384w, /<image>?url=%2Fsky.png&w=640&q=75 640w, /<image>?url=%2Fsky.png&w=750&q=75 750w, /<image>?url=%2Fsky.png&w=828&q=75 828w, /<image>?url=%2Fsky.png&w=1080&q=75 1080w, /<image>?url=%2Fsky.png&w=1200&q=75 1200w, /<image>?url=%2Fsky.png&w=1920&q=75 1920w, /<image>?url=%2Fsky.png&w=2048&q=75 2048w, /<image>?url=%2Fsky.png&w=3840&q=75 3840w (max-width: 600px) 100vw, 50vw 320 200 lazy async color:transparent | fill Sky, fill /<image>?url=%2Fsky.png&w=3840&q=75 /<image>?url=%2Fsky.png&w=640&q=75 640w, /<image>?url=%2Fsky.png&w=750&q=75 750w, /<image>?url=%2Fsky.png&w=828&q=75 828w, /<image>?url=%2Fsky.png&w=1080&q=75 1080w, /<image>?url=%2Fsky.png&w=1200&q=75 1200w, /<image>?url=%2Fsky.png&w=1920&q=75 1920w, /<image>?url=%2Fsky.png&w=2048&q=75 2048w, /<image>?url=%2Fsky.png&w=3840&q=75 3840w 100vw lazy async position:absolute;inset:0;width:100%;height:100%;color:transparent;object-fit:cover | unoptimized Sky, unoptimized /sky.png 32 20 lazy async color:transparent",
        "because": "image-priority-and-fill"
      },
      "head link[rel=preload]@as,href,imagesrcset,imagesizes,fetchpriority": {
        "stratus": "image /<image>?url=%2Fsky.png&w=384&q=75 1x, /<image>?url=%2Fsky.png&w=640&q=75 2x high",
        "because": "image-priority-and-fill"
      }
    }
  },
  "optimiser: /sky.png at 640, WebP accepted": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "image/webp",
      "cache-control": "public, max-age=14400, must-revalidate",
      "allow": "-"
    }
  },
  "optimiser: /sky.png at 256, no Accept": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "image/png",
      "cache-control": "public, max-age=14400, must-revalidate",
      "allow": "-"
    }
  },
  "optimiser: a width not configured": {
    "next": {
      "status": "400",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "content-type": {
        "stratus": "text/plain; charset=utf-8",
        "because": "image-error-answers"
      },
      "cache-control": {
        "stratus": "private, no-store",
        "because": "image-error-answers"
      }
    }
  },
  "optimiser: no quality": {
    "next": {
      "status": "400",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "status": {
        "stratus": "200",
        "because": "image-default-quality"
      },
      "content-type": {
        "stratus": "image/webp",
        "because": "image-default-quality"
      },
      "cache-control": {
        "stratus": "public, max-age=14400, must-revalidate",
        "because": "image-default-quality"
      }
    }
  },
  "optimiser: missing file": {
    "next": {
      "status": "404",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "content-type": {
        "stratus": "text/plain; charset=utf-8",
        "because": "image-error-answers"
      },
      "cache-control": {
        "stratus": "private, no-store",
        "because": "image-error-answers"
      }
    }
  },
  "optimiser: remote host not allowed": {
    "next": {
      "status": "400",
      "location": "-",
      "content-type": "-",
      "cache-control": "-",
      "allow": "-"
    },
    "known": {
      "content-type": {
        "stratus": "text/plain; charset=utf-8",
        "because": "image-error-answers"
      },
      "cache-control": {
        "stratus": "private, no-store",
        "because": "image-error-answers"
      }
    }
  },
  "GET /sky.png (public file)": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "image/png",
      "cache-control": "public, max-age=0",
      "allow": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=3600, s-maxage=86400",
        "because": "public-file-cache"
      }
    }
  },
  "images load in the page": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 eval Array.from(document.images).every((i) => i.complete)": "true",
      "3 eval Array.from(document.images).map((i) => i.id + ' ' + (i.naturalWidth > 0))": "[\"fixed true\",\"imported true\",\"priority true\",\"sized true\",\"fill true\",\"unoptimized true\"]",
      "4 eval Array.from(document.images).map((i) => i.id + ' ' + Math.round(i.getBoundingClientRect().width) + 'x' + Math.round(i.getBoundingClientRect().height))": "[\"fixed 160x100\",\"imported 160x120\",\"priority 320x200\",\"sized 320x200\",\"fill 300x150\",\"unoptimized 32x20\"]",
      "console errors": "none"
    }
  }
};
