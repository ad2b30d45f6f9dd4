/** The route stage: path to page route, params and locale; 400 and 404 answered here. */
import { routeRequest, type RouteTable } from '../../../../lambdas/render/core/route';
import type { PageModule } from '../../../../web/runtime/shared/page-types';
import { manifestOf, pagesOf, target, type RouteSpec } from '../memory-app';

const pageModule: PageModule = { default: () => null };
const specs: Record<string, RouteSpec> = {
  '/': { kind: 'static', module: pageModule },
  '/about': { kind: 'static', module: pageModule },
  '/posts/[slug]': { kind: 'ssr', module: pageModule },
  '/posts/new': { kind: 'static', module: pageModule },
  '/docs/[...path]': { kind: 'ssr', module: pageModule },
  '/shop/[[...filters]]': { kind: 'ssr', module: pageModule },
};
const manifest = manifestOf(specs);
const table: RouteTable = { routes: manifest.routes, pages: pagesOf(specs), locales: manifest.config };

test('a static route: the page request with its route, module and default locale', () => {
  const page = routeRequest(target('/about'), table);
  expect(page).toMatchObject({ format: 'html', route: { pattern: '/about' }, params: {}, locale: 'en', path: '/about' });
  expect('module' in page && page.module).toBe(pageModule);
});

test('params are decoded; the path stays encoded, without the locale prefix', () => {
  expect(routeRequest(target('/fr/posts/a%20b'), table)).toMatchObject({ route: { pattern: '/posts/[slug]' }, params: { slug: 'a b' }, locale: 'fr', path: '/posts/a%20b' });
  expect(routeRequest(target('/docs/a/b'), table)).toMatchObject({ params: { path: ['a', 'b'] } });
  expect(routeRequest(target('/shop'), table)).toMatchObject({ route: { pattern: '/shop/[[...filters]]' }, params: {} });
  expect(routeRequest(target('/fr'), table)).toMatchObject({ route: { pattern: '/' }, locale: 'fr', path: '/' });
});

test('a static segment wins over a dynamic one', () => {
  expect(routeRequest(target('/posts/new'), table)).toMatchObject({ route: { pattern: '/posts/new' } });
});

test('the format and the search params go along', () => {
  const page = routeRequest(target('/posts/x', 'json', 'q=1'), table);
  expect(page).toMatchObject({ format: 'json' });
  expect('search' in page && page.search.get('q')).toBe('1');
});

test('the default locale spelled out is the page in that locale, as the pages router serves it', () => {
  expect(routeRequest(target('/en/about', 'html', 'x=1'), table)).toMatchObject({ route: { pattern: '/about' }, locale: 'en', path: '/about' });
  expect(routeRequest(target('/en'), table)).toMatchObject({ route: { pattern: '/' }, locale: 'en', path: '/' });
});

test('without i18n there are no locale prefixes: /en/about is no page, as in the pages router', () => {
  const single: RouteTable = { ...table, locales: { locales: ['en'], defaultLocale: 'en' } };
  expect(routeRequest(target('/en/about'), single)).toMatchObject({ kind: 'notFound' });
  expect(routeRequest(target('/about'), single)).toMatchObject({ route: { pattern: '/about' }, locale: 'en' });
});

test('bad percent-encoding: 400 in the default locale', () => {
  expect(routeRequest(target('/posts/%E0%A4%A'), table)).toEqual({ kind: 'error', statusCode: 400, locale: 'en', asPath: '/' });
});

test('no route: 404 in the locale asked for, at the path without its prefix', () => {
  expect(routeRequest(target('/fr/no/such'), table)).toEqual({ kind: 'notFound', locale: 'fr', asPath: '/no/such' });
});

test('a route without a compiled module is a 404, not a crash', () => {
  const partial: RouteTable = { ...table, pages: { '/': pageModule } };
  expect(routeRequest(target('/about'), partial)).toMatchObject({ kind: 'notFound' });
});

test("the pages router's own page names are no dynamic route's page: /404, /_error, /_app, /_document answer 404 (in any locale); /500 and deeper paths are the route's", () => {
  const rooted: Record<string, RouteSpec> = { '/[slug]': { kind: 'ssr', module: pageModule }, '/[slug]/[...rest]': { kind: 'ssr', module: pageModule } };
  const rootedManifest = manifestOf(rooted);
  const withRoot: RouteTable = { routes: rootedManifest.routes, pages: pagesOf(rooted), locales: rootedManifest.config };
  for (const path of ['/404', '/_error', '/_app', '/_document', '/fr/404']) expect([path, routeRequest(target(path), withRoot)]).toEqual([path, expect.objectContaining({ kind: 'notFound' })]);
  expect(routeRequest(target('/404', 'json'), withRoot)).toMatchObject({ kind: 'notFound' });
  expect(routeRequest(target('/500'), withRoot)).toMatchObject({ route: { pattern: '/[slug]' }, params: { slug: '500' } });
  expect(routeRequest(target('/404/more'), withRoot)).toMatchObject({ route: { pattern: '/[slug]/[...rest]' } });
});
