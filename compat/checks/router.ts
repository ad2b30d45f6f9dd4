/** next/router: useRouter's fields, push/replace/back, shallow routing, withRouter, Router.events. */
import type { CompatApp } from './types';
import { get } from './helpers';

const FIELDS = { text: ';', in: '#fields' } as const;
/** Reads the router events _app listed, waiting (briefly) for the list given: a routeChangeComplete may come just after the new page shows. */
const events = (...list: string[]) => ({ eval: "Array.from(document.querySelectorAll('#events li')).map((li) => li.textContent)", until: JSON.stringify(list) });

export const router: CompatApp = {
  name: 'router',
  checks: [
    get('/?tab=1'),
    get('/items/3?color=red'),
    get('/classy'),
    get('/dist'),
    // A static page: isReady false in its HTML; Router.ready at a module's top level.
    get('/ready'),
    { kind: 'browser', name: 'isReady once hydrated, Router.ready run once', steps: [{ goto: '/ready' }, { text: 'isReady true', in: '#ready' }, { eval: 'window.readyCalls' }] },
    {
      kind: 'browser',
      name: 'fields on load, with and without a search',
      steps: [{ goto: '/' }, FIELDS, { goto: '/items/3?color=red' }, { text: 'color', in: '#fields' }, { goto: '/classy?x=1' }, { text: 'asPath /classy?x=1', in: '#fields' }],
    },
    {
      kind: 'browser',
      name: 'shallow push keeps the props, a deep one fetches them',
      steps: [
        { goto: '/' },
        { click: 'css:#shallow' },
        { url: '/?tab=2' },
        { text: 'tab', in: '#fields' },
        { text: 'served with tab', in: '#served' },
        events('routeChangeStart /?tab=2 shallow', 'beforeHistoryChange /?tab=2 shallow', 'routeChangeComplete /?tab=2 shallow'),
        { click: 'css:#deep' },
        { text: 'served with tab 3', in: '#served' },
        events(
          'routeChangeStart /?tab=2 shallow',
          'beforeHistoryChange /?tab=2 shallow',
          'routeChangeComplete /?tab=2 shallow',
          'routeChangeStart /?tab=3',
          'beforeHistoryChange /?tab=3',
          'routeChangeComplete /?tab=3',
        ),
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'push an href object, back, replace, hash',
      steps: [
        { goto: '/' },
        { click: 'css:#push-object' },
        { url: '/items/5?color=blue' },
        { text: 'Item 5', in: 'h1' },
        FIELDS,
        { click: 'css:#back' },
        { url: '/' },
        { eval: 'history.length' },
        { click: 'css:#replace' },
        { url: '/items/9' },
        { eval: 'history.length' },
        { goto: '/' },
        { click: 'css:#hash' },
        { url: '/#part' },
        events('hashChangeStart /#part', 'hashChangeComplete /#part'),
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'withRouter and events on a link',
      steps: [{ goto: '/classy' }, { click: 'css:main button' }, { url: '/items/3' }, { text: 'Item 3', in: 'h1' }, events('routeChangeStart /items/3', 'beforeHistoryChange /items/3', 'routeChangeComplete /items/3'), { click: 'Classy' }, { text: 'Classy at /classy', in: 'h1' }, { softly: true }],
    },
  ],
};
