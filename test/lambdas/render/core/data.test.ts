/**
 * The data stage: what a matched page answers, from getServerSideProps or the static
 * store (regeneration, fallback), in memory, with a stand-in for the HTML documents.
 */
import { NO_STORE, staticCacheControl } from '../../../../lambdas/shared/cache-control';
import { createDataStage } from '../../../../lambdas/render/core/data';
import { DataContractError } from '../../../../lambdas/render/data/data-result';
import type { Format } from '../../../../lambdas/render/core/outcome';
import type { PageHtml } from '../../../../lambdas/render/html/page-html';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { createStaticPages } from '../../../../lambdas/render/static/static-pages';
import type { PageModule, ServerContext } from '../../../../web/runtime/shared/page-types';
import { manifestOf, pageRequest, pagesOf, type RouteSpec } from '../memory-app';

const Page = () => null;

function setup(specs: Record<string, RouteSpec>) {
  const manifest = manifestOf(specs);
  const pages = pagesOf(specs);
  const html: PageHtml = {
    page: jest.fn((page, props) => `<html>${page.route.pattern} ${JSON.stringify(props)}</html>`),
    error: jest.fn(() => '<html>error</html>'),
  };
  const store = new PageStore();
  const loadData = createDataStage(createStaticPages(store, html, manifest.config), manifest.config);
  const page = (pattern: string, path: string, options: { locale?: string; format?: Format; search?: string; headers?: Record<string, string> } = {}) =>
    loadData(pageRequest(manifest, pages, pattern, path, options));
  return { page, html, store };
}

describe('server pages', () => {
  test('props: rendered per request, with params winning over the query', async () => {
    let seen: ServerContext | undefined;
    const module: PageModule = {
      default: Page,
      getServerSideProps: (context) => {
        seen = context;
        return { props: { id: context.params.id } };
      },
    };
    const { page } = setup({ '/items/[id]': { kind: 'ssr', module } });
    const outcome = await page('/items/[id]', '/items/a%20b', { locale: 'fr', search: 'q=1&q=2&id=x', headers: { cookie: 'flavour=mint; __proto__=x', 'x-test': 'yes' } });
    expect(outcome).toMatchObject({ kind: 'render', props: { id: 'a b' }, query: { q: ['1', '2'], id: 'a b' }, isFallback: false });
    expect(seen).toMatchObject({
      params: { id: 'a b' },
      locale: 'fr',
      locales: ['en', 'fr'],
      defaultLocale: 'en',
      headers: { 'x-test': 'yes' },
      resolvedUrl: '/items/a%20b?q=1&q=2&id=x',
    });
    expect({ ...seen!.cookies }).toEqual(JSON.parse('{"flavour":"mint","__proto__":"x"}'));
    expect(Object.getPrototypeOf(seen!.cookies)).toBeNull();
    expect(Object.getPrototypeOf(seen!.headers)).toBeNull();
  });

  test('a page without dynamic segments gets no params, as in the pages router (apps write `params || null`); getStaticProps alike', async () => {
    const seen: unknown[] = [];
    const server: PageModule = { default: Page, getServerSideProps: ({ params }) => (seen.push(params), { props: {} }) };
    const stat: PageModule = { default: Page, getStaticProps: ({ params }) => (seen.push(params), { props: {} }) };
    const { page } = setup({ '/plain': { kind: 'ssr', module: server }, '/items/[id]': { kind: 'ssr', module: server }, '/static-plain': { kind: 'ssg', module: stat } });
    await page('/plain', '/plain', { search: 'id=1' });
    await page('/items/[id]', '/items/7');
    await page('/static-plain', '/static-plain');
    expect(seen).toEqual([undefined, { id: '7' }, undefined]);
  });

  test("the query is a null-prototype object: the visitor's names stay plain keys", async () => {
    const module: PageModule = { default: Page, getServerSideProps: ({ query }) => ({ props: { keys: Object.keys(query) } }) };
    const { page } = setup({ '/q': { kind: 'ssr', module } });
    const outcome = await page('/q', '/q', { search: '__proto__=x&constructor=y' });
    expect(outcome.kind === 'render' && Object.getPrototypeOf(outcome.query)).toBeNull();
    expect(outcome).toMatchObject({ props: { keys: ['__proto__', 'constructor'] } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  test('notFound and redirect, never cached', async () => {
    const { page } = setup({
      '/gone': { kind: 'ssr', module: { default: Page, getServerSideProps: () => ({ notFound: true }) } },
      '/moved': { kind: 'ssr', module: { default: Page, getServerSideProps: () => ({ redirect: { destination: '/there', permanent: true } }) } },
    });
    expect(await page('/gone', '/gone', { locale: 'fr' })).toMatchObject({ kind: 'notFound', route: { pattern: '/gone' }, locale: 'fr', asPath: '/gone' });
    expect(await page('/moved', '/moved')).toMatchObject({ kind: 'redirect', route: { pattern: '/moved' }, destination: '/there', statusCode: 308, cacheControl: NO_STORE });
  });

  test('a result the contract does not allow throws, naming the page', async () => {
    const { page } = setup({ '/bad': { kind: 'ssr', module: { default: Page, getServerSideProps: () => ({ nope: 1 }) as never } } });
    await expect(page('/bad', '/bad')).rejects.toThrow(DataContractError);
    await expect(page('/bad', '/bad')).rejects.toThrow(/getServerSideProps of pages\/bad\.tsx/);
  });

  test('a data function that throws: the stage throws it on', async () => {
    const { page } = setup({ '/throws': { kind: 'ssr', module: { default: Page, getServerSideProps: () => Promise.reject(new Error('db down')) } } });
    await expect(page('/throws', '/throws')).rejects.toThrow('db down');
  });
});

describe('static pages', () => {
  test('a page without data: rendered once, then served from the store', async () => {
    const { page, html, store } = setup({ '/about': { kind: 'static', module: { default: Page } } });
    const first = await page('/about', '/about');
    expect(first).toMatchObject({ kind: 'static', stored: { html: '<html>/about {}</html>', json: '{"pageProps":{}}', revalidate: false } });
    expect(await page('/about', '/about', { format: 'json' })).toMatchObject({ kind: 'static' });
    expect(html.page).toHaveBeenCalledTimes(1);
    expect(await store.get('en', '/about')).toBeDefined();
    expect(await store.get('fr', '/about')).toBeUndefined();
  });

  test('getStaticProps with revalidate: rendered again once stale', async () => {
    let version = 0;
    const module: PageModule = { default: Page, getStaticProps: () => ({ props: { version: ++version }, revalidate: 30 }) };
    const { page } = setup({ '/news': { kind: 'ssg', module } });
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      expect(await page('/news', '/news')).toMatchObject({ kind: 'static', stored: { json: '{"pageProps":{"version":1}}', revalidate: 30 } });
      now.mockReturnValue(1_000_000 + 30_000);
      expect(await page('/news', '/news')).toMatchObject({ stored: { json: '{"pageProps":{"version":1}}' } });
      now.mockReturnValue(1_000_000 + 30_001);
      expect(await page('/news', '/news')).toMatchObject({ stored: { json: '{"pageProps":{"version":2}}' } });
    } finally {
      now.mockRestore();
    }
  });

  test('concurrent requests for a path not rendered yet share one render', async () => {
    let calls = 0;
    const module: PageModule = {
      default: Page,
      getStaticProps: async ({ params }) => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { props: { slug: params.slug } };
      },
    };
    const { page } = setup({ '/posts/[slug]': { kind: 'ssg', fallback: 'blocking', module } });
    const outcomes = await Promise.all([1, 2, 3].map(() => page('/posts/[slug]', '/posts/a')));
    expect(calls).toBe(1);
    expect(new Set(outcomes.map((o) => (o.kind === 'static' ? o.stored : o))).size).toBe(1);
    await page('/posts/[slug]', '/posts/a', { locale: 'fr' });
    expect(calls).toBe(2);
  });

  describe('fallback', () => {
    const module: PageModule = { default: Page, getStaticProps: ({ params }) => ({ props: { slug: params.slug } }) };

    test('false: a path not prerendered is a 404, nothing rendered', async () => {
      const getStaticProps = jest.fn(module.getStaticProps);
      const { page, html } = setup({ '/posts/[slug]': { kind: 'ssg', fallback: false, module: { ...module, getStaticProps } } });
      expect(await page('/posts/[slug]', '/posts/x')).toMatchObject({ kind: 'notFound', route: { pattern: '/posts/[slug]' }, asPath: '/posts/x' });
      expect(await page('/posts/[slug]', '/posts/x', { format: 'json' })).toMatchObject({ kind: 'notFound' });
      expect(getStaticProps).not.toHaveBeenCalled();
      expect(html.page).not.toHaveBeenCalled();
    });

    test('true: the page gets the shell, its data is rendered (and stored) on request', async () => {
      const { page } = setup({ '/posts/[slug]': { kind: 'ssg', fallback: true, module } });
      expect(await page('/posts/[slug]', '/posts/x')).toMatchObject({ kind: 'render', props: {}, query: { slug: 'x' }, isFallback: true });
      expect(await page('/posts/[slug]', '/posts/x', { format: 'json' })).toMatchObject({ kind: 'static', stored: { json: '{"pageProps":{"slug":"x"}}' } });
      expect(await page('/posts/[slug]', '/posts/x')).toMatchObject({ kind: 'static' });
    });

    test("'blocking': rendered on the first request, page or data", async () => {
      const { page } = setup({ '/posts/[slug]': { kind: 'ssg', fallback: 'blocking', module } });
      expect(await page('/posts/[slug]', '/posts/x')).toMatchObject({ kind: 'static', stored: { json: '{"pageProps":{"slug":"x"}}' } });
      expect(await page('/posts/[slug]', '/posts/y', { format: 'json' })).toMatchObject({ kind: 'static' });
    });
  });

  test('getStaticProps notFound: a 404, stored so it is not asked again', async () => {
    const getStaticProps = jest.fn(() => ({ notFound: true as const, revalidate: 60 }));
    const { page, html } = setup({ '/posts/[slug]': { kind: 'ssg', fallback: 'blocking', module: { default: Page, getStaticProps } } });
    expect(await page('/posts/[slug]', '/posts/x')).toMatchObject({ kind: 'notFound', route: { pattern: '/posts/[slug]' } });
    expect(await page('/posts/[slug]', '/posts/x')).toMatchObject({ kind: 'notFound' });
    expect(getStaticProps).toHaveBeenCalledTimes(1);
    expect(html.page).not.toHaveBeenCalled();
  });

  test('getStaticProps redirect: answered with the cache of its revalidate, not stored', async () => {
    const getStaticProps = jest.fn(() => ({ redirect: { destination: '/new', statusCode: 301 }, revalidate: 10 }));
    const { page, store } = setup({ '/old': { kind: 'ssg', module: { default: Page, getStaticProps } } });
    expect(await page('/old', '/old')).toMatchObject({ kind: 'redirect', destination: '/new', statusCode: 301, cacheControl: staticCacheControl(10) });
    expect(await store.get('en', '/old')).toBeUndefined();
    await page('/old', '/old');
    expect(getStaticProps).toHaveBeenCalledTimes(2);
  });

  test('getStaticProps gets params, locales and why it runs (a first request: stale, as Next says), never the query', async () => {
    const getStaticProps = jest.fn((_context: unknown) => ({ props: {} }));
    const { page } = setup({ '/posts/[slug]': { kind: 'ssg', fallback: 'blocking', module: { default: Page, getStaticProps } } });
    await page('/posts/[slug]', '/posts/x', { locale: 'fr', search: 'q=1' });
    expect(getStaticProps).toHaveBeenCalledWith({ params: { slug: 'x' }, locale: 'fr', locales: ['en', 'fr'], defaultLocale: 'en', revalidateReason: 'stale' });
  });
});
