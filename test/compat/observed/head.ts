// Next.js 16.4.6's answers to the checks of compat/checks/head.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/head.test.ts expects these.
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
      "title": "Home | Head app",
      "text": "Home | Plain | Extras Head home",
      "sorted head meta@charset,name,property,content": "description The home page | og:site_name Head app | og:title Home | utf-8 | viewport width=device-width, initial-scale=1",
      "head link[rel=canonical],head link[rel=alternate]@rel,hreflang,href": "canonical https://example.com/",
      "head script[type=\"application/ld+json\"]": "-",
      "head style": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /plain": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "Head app",
      "text": "Home | Plain | Extras Plain page",
      "sorted head meta@charset,name,property,content": "description The app's description | og:site_name Head app | utf-8 | viewport width=device-width, initial-scale=1",
      "head link[rel=canonical],head link[rel=alternate]@rel,hreflang,href": "-",
      "head script[type=\"application/ld+json\"]": "-",
      "head style": "-"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "GET /extras": {
    "next": {
      "status": "200",
      "location": "-",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "-",
      "allow": "-",
      "title": "Extras",
      "text": "Home | Plain | Extras Extras page",
      "sorted head meta@charset,name,property,content": "description The app's description | og:site_name Head app | og:title First og title | og:title Second og title | robots noindex, nofollow | utf-8 | viewport width=device-width, initial-scale=1",
      "head link[rel=canonical],head link[rel=alternate]@rel,hreflang,href": "alternate fr https://example.com/fr/extras",
      "head script[type=\"application/ld+json\"]": "{\"@type\":\"WebPage\"}",
      "head style": ".from-head { color: rgb(1, 2, 3); }"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "head tags follow soft navigations": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 title": "Home | Head app",
      "3 eval Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')": "\"description=The home page; og:site_name=Head app; og:title=Home; viewport=width=device-width, initial-scale=1\"",
      "4 click Plain": "clicked",
      "5 title": "Head app",
      "6 eval Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')": "\"description=The app's description; og:site_name=Head app; viewport=width=device-width, initial-scale=1\"",
      "7 eval document.querySelectorAll('link[rel=canonical]').length": "0",
      "8 click Extras": "clicked",
      "9 title": "Extras",
      "10 eval Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')": "\"description=The app's description; og:site_name=Head app; og:title=First og title; og:title=Second og title; robots=noindex, nofollow; viewport=width=device-width, initial-scale=1\"",
      "11 eval getComputedStyle(document.querySelector('h1')).color": "\"rgb(1, 2, 3)\"",
      "12 back": "done",
      "13 title": "Head app",
      "14 eval Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')": "\"description=The app's description; og:site_name=Head app; viewport=width=device-width, initial-scale=1\"",
      "15 navigation": "soft",
      "console errors": "none"
    }
  }
};
