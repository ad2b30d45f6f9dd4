/** next/head: titles, meta deduplication (key, name, property), _app's tags, updates on navigation. */
import type { CompatApp } from './types';
import { get } from './helpers';

const HEAD = ['sorted head meta@charset,name,property,content', 'head link[rel=canonical],head link[rel=alternate]@rel,hreflang,href', 'head script[type="application/ld+json"]', 'head style'];
const METAS = "Array.from(document.head.querySelectorAll('meta[name], meta[property]')).map((m) => (m.name || m.getAttribute('property')) + '=' + m.content).sort().join('; ')";

export const head: CompatApp = {
  name: 'head',
  checks: [
    get('/', { read: HEAD }),
    get('/plain', { read: HEAD }),
    get('/extras', { read: HEAD }),
    {
      kind: 'browser',
      name: 'head tags follow soft navigations',
      steps: [
        { goto: '/' },
        { title: 'Home | Head app' },
        { eval: METAS },
        { click: 'Plain' },
        { title: 'Head app' },
        { eval: METAS },
        { eval: "document.querySelectorAll('link[rel=canonical]').length" },
        { click: 'Extras' },
        { title: 'Extras' },
        { eval: METAS },
        { eval: "getComputedStyle(document.querySelector('h1')).color" },
        { back: true },
        { title: 'Head app' },
        { eval: METAS },
        { softly: true },
      ],
    },
  ],
};
