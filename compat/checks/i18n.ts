/** i18n: locales from next.config.js, prefixes, detection, html lang, locale-aware links. */
import type { CompatApp } from './types';
import { get } from './helpers';

const LANG = ['html@lang'];

export const i18n: CompatApp = {
  name: 'i18n',
  checks: [
    get('/', { read: LANG }),
    get('/fr', { read: LANG }),
    get('/de/about', { read: LANG }),
    get('/en/about', { read: LANG }),
    get('/en'),
    get('/about', { read: ['html@lang', 'a@href'] }),
    get('/fr/about', { read: ['html@lang', 'a@href'] }),
    get('/fr/ssr'),
    get('/posts/a'),
    get('/fr/posts/a'),
    get('/de/posts/a'),
    get('/es/about'),
    get('/old-about'),
    get('/fr/old-about'),
    get('/brand', { read: ['body'] }),
    get('/en/brand', { read: ['body'] }),
    // locale: false: a /:locale/… source takes only a real locale (the default one put in when there is none).
    get('/x/old-about'),
    // A redirect matched under the default locale spelled out goes to the destination without it, one hop.
    get('/en/to-about'),
    get('/fr/to-about'),
    get('/fr/files/brand.txt', { read: ['body'] }),
    get('/en/files/brand.txt', { read: ['body'] }),
    get('/fr/files/missing.txt'),
    get('/missing.txt'),
    get('/en/posts/a'),
    get('/', { name: 'GET / (Accept-Language: fr)', headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } }),
    get('/', { name: 'GET / (Accept-Language: es, unknown)', headers: { 'accept-language': 'es' } }),
    get('/about', { name: 'GET /about (Accept-Language: fr)', headers: { 'accept-language': 'fr' } }),
    get('/', { name: 'GET / (Accept-Language: fr, NEXT_LOCALE=en)', headers: { 'accept-language': 'fr', cookie: 'NEXT_LOCALE=en' } }),
    get('/', { name: 'GET / (NEXT_LOCALE=de)', headers: { cookie: 'NEXT_LOCALE=de' } }),
    {
      kind: 'browser',
      name: 'switching locale by Link and by router.push',
      steps: [
        { goto: '/about' },
        { click: 'About in French' },
        { url: '/fr/about' },
        { text: 'About (fr)', in: 'h1' },
        { click: 'Home' },
        { url: '/fr' },
        { text: 'Bonjour', in: 'h1' },
        { click: 'About' },
        { text: 'asPath /about, pathname /about, default en', in: 'main' },
        { click: 'css:button' },
        { url: '/de/about' },
        { text: 'About (de)', in: 'h1' },
        { eval: 'document.documentElement.lang' },
        { click: 'Post a' },
        { url: '/de/posts/a' },
        { softly: true },
      ],
    },
  ],
};
