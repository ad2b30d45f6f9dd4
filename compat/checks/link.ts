/** next/link: what each form of href renders, and where each click goes. */
import type { BrowserCheck, CompatApp } from './types';
import { get } from './helpers';

/** From the home page, click one link and read where it went. */
function clickFromHome(link: string, url: string, h1: string, extra: BrowserCheck['steps'] = []): BrowserCheck {
  return {
    kind: 'browser',
    name: `click "${link}"`,
    steps: [{ goto: '/' }, { click: link }, { url }, { text: h1, in: 'h1' }, { text: 'asPath', in: 'main' }, ...extra, { softly: true }],
  };
}

export const link: CompatApp = {
  name: 'link',
  checks: [
    get('/', { read: ['a@href,class,id'] }),
    get('/slashes', { read: ['a@href'] }),
    clickFromHome('Object href', '/posts/hello?ref=home', 'Post hello'),
    clickFromHome('Object with hash', '/about?tab=team#people', 'About'),
    clickFromHome('With as', '/posts/with-as', 'Post with-as'),
    clickFromHome('Legacy anchor', '/posts/legacy', 'Post legacy'),
    clickFromHome('Fancy anchor', '/posts/fancy', 'Post fancy'),
    clickFromHome('With space', '/posts/a%20b', 'Post a b'),
    clickFromHome('Pattern filled', '/posts/filled', 'Post filled'),
    clickFromHome('Legacy text', '/about', 'About'),
    {
      kind: 'browser',
      name: 'a legacyBehavior fragment, then back and forward',
      steps: [{ goto: '/' }, { click: 'Legacy fragment' }, { url: '/about' }, { text: 'About', in: 'h1' }, { softly: true }, { back: true }, { url: '/' }, { text: 'Links', in: 'h1' }, { idle: true }],
    },
    {
      kind: 'browser',
      name: 'a link to an API route loads it in full',
      steps: [{ goto: '/' }, { click: 'API route' }, { url: '/api/hello' }, { text: 'from the API route' }, { softly: true }],
    },
    {
      kind: 'browser',
      name: 'href={{ query }} stays on the current page',
      steps: [{ goto: '/about' }, { click: 'Shallow query' }, { url: '/about?tab=shallow' }, { text: 'query {"tab":"shallow"}', in: 'main' }, { softly: true }],
    },
    {
      kind: 'browser',
      name: 'replace leaves no history entry',
      steps: [
        { goto: '/' },
        { click: 'String href' },
        { url: '/about' },
        { click: 'Home' },
        { url: '/' },
        { eval: 'history.length' },
        { click: 'Replace' },
        { url: '/about' },
        { eval: 'history.length' },
        // Back from the replaced entry skips the home page it replaced.
        { back: true },
        { url: '/about' },
        { text: 'asPath /about', in: 'main' },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'hash-only link scrolls without loading',
      steps: [{ goto: '/' }, { click: 'Hash only' }, { url: '/#bottom' }, { eval: 'window.scrollY > 1000', until: 'true' }, { softly: true }],
    },
    {
      kind: 'browser',
      name: 'a string href with a query',
      steps: [{ goto: '/' }, { click: 'With query' }, { url: '/about?from=query' }, { text: 'query {"from":"query"}', in: 'main' }, { softly: true }],
    },
  ],
};
