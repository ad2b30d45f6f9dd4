/** Global CSS from _app and CSS Modules (in pages and components): what applies, on load and after soft navigations. */
import type { CompatApp } from './types';
import { get } from './helpers';

const COLOURS = {
  eval: "['h1', 'span', 'div', 'body'].map((s) => { const e = document.querySelector(s); if (!e) return s + ' -'; const c = getComputedStyle(e); return s + ' ' + c.color + ' ' + c.fontSize + ' ' + c.paddingTop + ' ' + c.backgroundColor; })",
} as const;

export const styles: CompatApp = {
  name: 'styles',
  checks: [
    get('/', { read: ['head link[rel=stylesheet]@rel'] }),
    get('/other', { read: ['head link[rel=stylesheet]@rel'] }),
    {
      kind: 'browser',
      name: 'styles on a full load of each page',
      steps: [{ goto: '/' }, COLOURS, { goto: '/other' }, COLOURS],
    },
    {
      kind: 'browser',
      name: 'styles after soft navigations',
      steps: [{ goto: '/' }, { click: 'Other' }, { text: 'Other page', in: 'h1' }, COLOURS, { click: 'Home' }, { text: 'Styled home', in: 'h1' }, COLOURS, { softly: true }],
    },
    {
      kind: 'browser',
      name: 'styles of a page first reached softly',
      steps: [{ goto: '/other' }, { click: 'Home' }, { text: 'Styled home', in: 'h1' }, COLOURS, { softly: true }],
    },
  ],
};
