/** next/script: strategies, inline scripts, onLoad/onReady/onError, and running once across navigations. */
import type { CompatApp } from './types';
import { get } from './helpers';

const STATE = {
  eval: "({ order: window.__order, afterOnLoad: window.__afterOnLoad, afterOnReady: window.__afterOnReady, lazyOnLoad: window.__lazyOnLoad, missingOnError: window.__missingOnError })",
} as const;
/** The same, with the scripts' order sorted away: after a soft navigation, afterInteractive and lazyOnload race. */
const UNORDERED_STATE = { eval: STATE.eval.replace('order: window.__order', 'order: [...(window.__order || [])].sort()') } as const;
const SCRIPTS = 'script[src$="before.js"], script[src$="after.js"], script[src$="lazy.js"], script[src$="missing.js"], script[id^="inline"]@id,src';

export const script: CompatApp = {
  name: 'script',
  checks: [
    get('/', { read: [SCRIPTS] }),
    get('/other', { read: [SCRIPTS] }),
    {
      kind: 'browser',
      name: 'every strategy runs once, also after navigating away and back',
      steps: [
        { goto: '/' },
        { eval: "(window.__order || []).includes('lazy') && window.__missingOnError === 1", until: 'true' },
        STATE,
        { click: 'Other' },
        { text: 'Other page', in: 'h1' },
        { click: 'Home' },
        { text: 'Scripts', in: 'h1' },
        { eval: 'window.__afterOnReady', until: '2' },
        // A script that failed may be tried again (and fail again) on the second mount.
        { idle: true },
        STATE,
        { eval: "document.querySelectorAll('script[src$=\"after.js\"]').length" },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'scripts of a page reached by a soft navigation',
      steps: [{ goto: '/other' }, { click: 'Home' }, { eval: "(window.__order || []).includes('lazy')", until: 'true' }, UNORDERED_STATE, { softly: true }],
    },
  ],
};
