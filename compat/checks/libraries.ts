/** Popular libraries that import next/*: next-seo (next/head), nextjs-progressbar and nextjs-toploader (next/router); Emotion and styled-components under next.config's compiler options. */
import type { CompatApp } from './types';
import { get } from './helpers';

const HEAD = ['sorted head meta@name,property,content', 'head link[rel=canonical]@href', 'head script[type="application/ld+json"]'];
const METAS = "Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')";
/** Records whether a progress bar (nprogress's #nprogress element) appears from now on. */
const WATCH_PROGRESS = {
  eval: "(() => { window.__bars = 0; new MutationObserver(() => { window.__bars = Math.max(window.__bars, document.querySelectorAll('#nprogress').length); }).observe(document.body, { childList: true, subtree: true }); return 'watching'; })()",
} as const;

export const libraries: CompatApp = {
  name: 'libraries',
  checks: [
    get('/', { read: HEAD }),
    get('/article', { read: HEAD }),
    get('/styled', { read: ['[data-testid]@data-testid', '[data-test-id]@data-test-id'] }),
    {
      kind: 'browser',
      name: "compiler options: Emotion's component selector, styled-components, data-test properties removed",
      steps: [
        { goto: '/styled' },
        { eval: "getComputedStyle(document.querySelector('h2')).color" },
        { eval: "getComputedStyle(document.querySelector('p')).color" },
        { eval: "document.querySelectorAll('[data-testid], [data-test-id]').length" },
      ],
    },
    {
      kind: 'browser',
      name: 'next-seo tags follow soft navigations',
      steps: [{ goto: '/' }, { title: 'Home | Library app' }, { click: 'Article' }, { title: 'An article | Library app' }, { eval: METAS }, { click: 'Home' }, { title: 'Home | Library app' }, { eval: METAS }, { softly: true }],
    },
    {
      kind: 'browser',
      name: 'progress bars show during a slow navigation and go away',
      steps: [
        { goto: '/' },
        WATCH_PROGRESS,
        { click: 'Slow' },
        { text: 'Slow page, waited 600 ms', in: 'h1' },
        { eval: 'window.__bars > 0', until: 'true' },
        { eval: "document.querySelectorAll('#nprogress').length", until: '0' },
        { softly: true },
      ],
    },
  ],
};
