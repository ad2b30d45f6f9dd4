// Next.js 16.4.6's answers to the checks of compat/checks/libraries.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/libraries.test.ts expects these.
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
      "title": "Home | Library app",
      "text": "Home | Article | Slow Library home",
      "sorted head meta@name,property,content": " | description Pages built with popular libraries | og:description Pages built with popular libraries | og:site_name Library app | og:title Home | Library app | og:type website | robots index,follow | twitter:card summary | viewport width=device-width",
      "head link[rel=canonical]@href": "https://example.com/",
      "head script[type=\"application/ld+json\"]": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /article": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "An article | Library app",
      "text": "Home | Article | Slow Article",
      "sorted head meta@name,property,content": " | description An article's own description | og:description An article's own description | og:image https://example.com/a.png | og:image:alt A | og:image:height 600 | og:image:width 800 | og:site_name Library app | og:title An article (og) | og:type website | robots noindex,follow | twitter:card summary | viewport width=device-width",
      "head link[rel=canonical]@href": "-",
      "head script[type=\"application/ld+json\"]": "{\"@context\":\"https://schema.org\",\"@type\":\"Article\",\"datePublished\":\"2026-01-01T00:00:00Z\",\"description\":\"An article&apos;s own description\",\"mainEntityOfPage\":{\"@type\":\"WebPage\",\"@id\":\"https://example.com/article\"},\"headline\":\"An article\",\"image\":[\"https://example.com/a.png\"],\"dateModified\":\"2026-01-01T00:00:00Z\",\"author\":{\"@type\":\"Person\",\"name\":\"Ada\"}}"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /styled": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "Library app",
      "text": "Home | Article | Slow Styled by Emotion Styled by styled-components",
      "[data-testid]@data-testid": "-",
      "[data-test-id]@data-test-id": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "compiler options: Emotion's component selector, styled-components, data-test properties removed": {
    "next": {
      "1 goto /styled": "200, hydrated",
      "2 eval getComputedStyle(document.querySelector('h2')).color": "\"rgb(102, 51, 153)\"",
      "3 eval getComputedStyle(document.querySelector('p')).color": "\"rgb(0, 128, 0)\"",
      "4 eval document.querySelectorAll('[data-testid], [data-test-id]').length": "0",
      "console errors": "none"
    }
  },
  "next-seo tags follow soft navigations": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 title": "Home | Library app",
      "3 click Article": "clicked",
      "4 title": "An article | Library app",
      "5 eval Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')": "\"description=An article's own description; og:description=An article's own description; og:image:alt=A; og:image:height=600; og:image:width=800; og:image=https://example.com/a.png; og:site_name=Library app; og:title=An article (og); og:type=website; robots=noindex,follow; twitter:card=summary; viewport=width=device-width\"",
      "6 click Home": "clicked",
      "7 title": "Home | Library app",
      "8 eval Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')": "\"description=Pages built with popular libraries; og:description=Pages built with popular libraries; og:site_name=Library app; og:title=Home | Library app; og:type=website; robots=index,follow; twitter:card=summary; viewport=width=device-width\"",
      "9 navigation": "soft",
      "console errors": "none"
    }
  },
  "progress bars show during a slow navigation and go away": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 eval (() => { window.__bars = 0; new MutationObserver(() => { window.__bars = Math.max(window.__bars, document.querySelectorAll('#nprogress').length); }).observe(document.body, { childList: true, subtree: true }); return 'watching'; })()": "\"watching\"",
      "3 click Slow": "clicked",
      "4 text \"Slow page, waited 600 ms\" in h1": "Slow page, waited 600 ms",
      "5 eval window.__bars > 0": "true",
      "6 eval document.querySelectorAll('#nprogress').length": "0",
      "7 navigation": "soft",
      "console errors": "none"
    }
  }
};
