/**
 * Rules: next.config.js `redirects()`, `rewrites()` (beforeFiles, afterFiles, fallback) and
 * `headers()` with params and has/missing conditions, and a `middleware.js` that gates a
 * page behind a cookie, rewrites, sets a header and answers JSON.
 */
import type { CompatApp, RequestCheck } from './types';
import { get } from './helpers';

/** The headers the rules and the middleware set. */
const RULE_HEADERS = ['header:x-site', 'header:x-post', 'header:x-seen-hello', 'header:x-about-variant', 'header:x-first-visit', 'header:x-middleware', 'header:x-member'];
const rule = (path: string, options: Omit<RequestCheck, 'kind' | 'name' | 'path'> & { name?: string } = {}) =>
  get(path, { ...options, read: [...RULE_HEADERS, ...(options.read ?? [])] });

export const rules: CompatApp = {
  name: 'rules',
  checks: [
    rule('/'),
    // The middleware's matcher '/' takes the home page's other spelling too.
    rule('/index'),
    rule('/old-blog/hello'),
    rule('/old-blog/hello?ref=x'),
    rule('/old-blog/hello/'),
    rule('/docs-old/a/b'),
    rule('/docs-old'),
    rule('/external'),
    rule('/vip', { name: 'GET /vip (cookie vip=yes)', headers: { cookie: 'vip=yes' } }),
    rule('/vip', { name: 'GET /vip (cookie vip=no)', headers: { cookie: 'vip=no' } }),
    rule('/search?q=hello'),
    rule('/search'),
    rule('/from-header', { name: 'GET /from-header (x-go: hello)', headers: { 'x-go': 'hello' } }),
    rule('/from-header', { name: 'GET /from-header (x-go: 42)', headers: { 'x-go': '42' } }),
    rule('/guest'),
    rule('/guest', { name: 'GET /guest (cookie session)', headers: { cookie: 'session=alice' } }),
    rule('/about'),
    rule('/about', { name: 'GET /about (cookie seen)', headers: { cookie: 'seen=1' } }),
    rule('/about?v=2'),
    rule('/about?v=3'),
    rule('/info'),
    rule('/p/hello'),
    rule('/posts/special'),
    rule('/posts/hello'),
    rule('/home-variant', { name: 'GET /home-variant (x-variant: b)', headers: { 'x-variant': 'b' } }),
    rule('/home-variant'),
    rule('/legacy/a/b'),
    rule('/members'),
    rule('/members', { name: 'GET /members (cookie session)', headers: { cookie: 'session=alice' } }),
    rule('/members/area'),
    rule('/promo'),
    rule('/status', { read: ['body', 'header:x-status'] }),
    rule('/pattern/42', { read: ['body'] }),
    {
      kind: 'browser',
      name: 'a link into a redirected path',
      steps: [
        { goto: '/' },
        { click: 'Old blog hello' },
        { url: '/posts/hello' },
        { text: 'Post hello', in: 'h1' },
        { text: 'asPath', in: 'main' },
        { softly: true },
        { click: 'Old docs a/b' },
        { url: '/docs/a/b' },
        { text: 'Docs a / b', in: 'h1' },
        { softly: true },
        { back: true },
        { url: '/posts/hello' },
      ],
    },
    {
      kind: 'browser',
      name: 'links to rewritten paths',
      steps: [
        { goto: '/' },
        { click: 'Info' },
        { text: 'About page', in: 'h1' },
        { url: '/info' },
        { click: 'P hello' },
        { text: 'Post hello', in: 'h1' },
        { url: '/p/hello' },
        { text: 'asPath', in: 'main' },
        { click: 'Special post' },
        { text: 'About page', in: 'h1' },
        { url: '/posts/special' },
        { click: 'Legacy x/y' },
        { text: 'Docs x / y', in: 'h1' },
        { url: '/legacy/x/y' },
        { click: 'Promo' },
        { text: 'Landing page', in: 'h1' },
        { url: '/promo' },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'a page behind middleware, without and with the cookie',
      steps: [
        { goto: '/' },
        { click: 'Members' },
        { url: '/login?from=%2Fmembers' },
        { text: 'Please log in', in: 'h1' },
        { text: 'from /members', in: 'main' },
        { softly: true },
        { eval: "(document.cookie = 'session=alice; path=/', document.cookie)" },
        { click: 'Members' },
        { url: '/members' },
        { text: 'Members only', in: 'h1' },
        { text: 'cookie session=alice', in: 'main' },
        { softly: true },
        // A full load forgets whatever the client router kept of the first answer.
        { goto: '/' },
        { click: 'Members' },
        { url: '/members' },
        { text: 'cookie session=alice', in: 'main' },
        { softly: true },
      ],
    },
    {
      kind: 'browser',
      name: 'a rewritten path loaded in full',
      steps: [
        { goto: '/p/hello?ref=x' },
        { text: 'Post hello', in: 'h1' },
        { text: 'asPath', in: 'main' },
        { click: 'About' },
        { text: 'About page', in: 'h1' },
        { url: '/about' },
        { softly: true },
      ],
    },
  ],
};
