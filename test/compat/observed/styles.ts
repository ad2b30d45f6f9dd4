// Next.js 16.4.6's answers to the checks of compat/checks/styles.ts, written by
// `npm run compat -- --record`; under `known`, Stratus's own value where the difference is
// known (compat/differences.ts, docs/NEXT-COMPAT.md). test/compat/styles.test.ts expects these.
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
      "text": "Home | Other Styled home A badge from a component's module. Class names are strings: string",
      "head link[rel=stylesheet]@rel": "stylesheet | stylesheet"
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
      "head link[rel=stylesheet]@rel": "stylesheet | stylesheet"
    },
    "known": {
      "cache-control": {
        "stratus": "public, max-age=0, s-maxage=31536000, stale-while-revalidate=31536000",
        "because": "static-cache-control"
      }
    }
  },
  "styles on a full load of each page": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 eval ['h1', 'span', 'div', 'body'].map((s) => { const e = document.querySelector(s); if (!e) return s + ' -'; const c = getComputedStyle(e); return s + ' ' + c.color + ' ' + c.fontSize + ' ' + c.paddingTop + ' ' + c.backgroundColor; })": "[\"h1 rgb(200, 0, 0) 40px 0px rgba(0, 0, 0, 0)\",\"span rgb(0, 0, 255) 16px 0px rgba(0, 0, 0, 0)\",\"div rgb(0, 0, 0) 16px 0px rgba(0, 0, 0, 0)\",\"body rgb(0, 0, 0) 16px 0px rgb(250, 250, 240)\"]",
      "3 goto /other": "200, hydrated",
      "4 eval ['h1', 'span', 'div', 'body'].map((s) => { const e = document.querySelector(s); if (!e) return s + ' -'; const c = getComputedStyle(e); return s + ' ' + c.color + ' ' + c.fontSize + ' ' + c.paddingTop + ' ' + c.backgroundColor; })": "[\"h1 rgb(0, 128, 0) 40px 0px rgba(0, 0, 0, 0)\",\"span -\",\"div rgb(0, 0, 0) 16px 0px rgba(0, 0, 0, 0)\",\"body rgb(0, 0, 0) 16px 0px rgb(250, 250, 240)\"]",
      "console errors": "none"
    }
  },
  "styles after soft navigations": {
    "next": {
      "1 goto /": "200, hydrated",
      "2 click Other": "clicked",
      "3 text \"Other page\" in h1": "Other page",
      "4 eval ['h1', 'span', 'div', 'body'].map((s) => { const e = document.querySelector(s); if (!e) return s + ' -'; const c = getComputedStyle(e); return s + ' ' + c.color + ' ' + c.fontSize + ' ' + c.paddingTop + ' ' + c.backgroundColor; })": "[\"h1 rgb(0, 128, 0) 40px 0px rgba(0, 0, 0, 0)\",\"span -\",\"div rgb(0, 0, 0) 16px 0px rgba(0, 0, 0, 0)\",\"body rgb(0, 0, 0) 16px 0px rgb(250, 250, 240)\"]",
      "5 click Home": "clicked",
      "6 text \"Styled home\" in h1": "Styled home",
      "7 eval ['h1', 'span', 'div', 'body'].map((s) => { const e = document.querySelector(s); if (!e) return s + ' -'; const c = getComputedStyle(e); return s + ' ' + c.color + ' ' + c.fontSize + ' ' + c.paddingTop + ' ' + c.backgroundColor; })": "[\"h1 rgb(200, 0, 0) 40px 0px rgba(0, 0, 0, 0)\",\"span rgb(0, 0, 255) 16px 0px rgba(0, 0, 0, 0)\",\"div rgb(0, 0, 0) 16px 0px rgba(0, 0, 0, 0)\",\"body rgb(0, 0, 0) 16px 0px rgb(250, 250, 240)\"]",
      "8 navigation": "soft",
      "console errors": "none"
    }
  },
  "styles of a page first reached softly": {
    "next": {
      "1 goto /other": "200, hydrated",
      "2 click Home": "clicked",
      "3 text \"Styled home\" in h1": "Styled home",
      "4 eval ['h1', 'span', 'div', 'body'].map((s) => { const e = document.querySelector(s); if (!e) return s + ' -'; const c = getComputedStyle(e); return s + ' ' + c.color + ' ' + c.fontSize + ' ' + c.paddingTop + ' ' + c.backgroundColor; })": "[\"h1 rgb(200, 0, 0) 40px 0px rgba(0, 0, 0, 0)\",\"span rgb(0, 0, 255) 16px 0px rgba(0, 0, 0, 0)\",\"div rgb(0, 0, 0) 16px 0px rgba(0, 0, 0, 0)\",\"body rgb(0, 0, 0) 16px 0px rgb(250, 250, 240)\"]",
      "5 navigation": "soft",
      "console errors": "none"
    }
  }
};
