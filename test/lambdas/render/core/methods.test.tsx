/**
 * Every method on every kind of path, through the whole core in memory: static pages take
 * GET and HEAD (405 with Allow and the 405 page otherwise), getServerSideProps pages and
 * API routes take every method, page data is GET and HEAD whatever the page.
 */
import { isReadMethod, pageTakesMethod, PAGE_METHODS } from '../../../../lambdas/render/core/methods';
import type { CoreRequest } from '../../../../lambdas/shared/http';
import { api, BUILD_ID, captureLogs, memoryApp, request, titleOf, type RouteSpec } from '../memory-app';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const seen: string[] = [];

const routes: Record<string, RouteSpec> = {
  '/about': { kind: 'static', module: { default: () => <p>about</p> } },
  '/tags/[tag]': { kind: 'static', module: { default: () => <p>tag</p> } },
  '/news': { kind: 'ssg', module: { default: () => <p>news</p>, getStaticProps: () => ({ props: {} }) } },
  '/contact': {
    kind: 'ssr',
    module: {
      default: ({ method }: { method: string }) => <p>contact {method}</p>,
      getServerSideProps: ({ req }) => {
        seen.push(req!.method);
        return { props: { method: req!.method } };
      },
    },
  },
  '/api/echo': api((req, res) => res.json({ method: req.method })),
};

let app: ReturnType<typeof memoryApp>['app'];
let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  ({ app } = memoryApp(routes));
  seen.length = 0;
  logs = captureLogs();
});

afterEach(() => logs.restore());

const call = (url: string, method: string, overrides: Partial<CoreRequest> = {}) => app.handle(request(url, { method, ...overrides }), { requestId: 'r' });

describe.each(['/about', '/tags/red', '/news'])('a static page, %s', (url) => {
  test.each(['GET', 'HEAD'])('%s: 200', async (method) => {
    expect((await call(url, method)).status).toBe(200);
  });

  test.each(METHODS.filter((m) => !isReadMethod(m)))('%s: 405 with Allow: GET, HEAD and the 405 page', async (method) => {
    const res = await call(url, method, { body: new TextEncoder().encode('a=1') });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titleOf(res.body as string)).toBe('405: Method Not Allowed');
  });
});

describe('a getServerSideProps page', () => {
  test.each(METHODS)('%s: rendered, the method given to getServerSideProps', async (method) => {
    const res = await call('/contact', method);
    expect(res.status).toBe(200);
    expect(String(res.body).replace(/<!-- -->/g, '')).toContain(`contact ${method}`);
    expect(seen).toEqual([method]);
  });

  test('the locale-prefixed page takes POST too', async () => {
    expect((await call('/fr/contact', 'POST')).status).toBe(200);
  });
});

describe('an API route', () => {
  test.each(METHODS)('%s: the handler answers', async (method) => {
    const res = await call('/api/echo', method);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body as string)).toEqual({ method });
  });
});

describe('page data', () => {
  test.each(['/about', '/contact', '/news'])('%s: GET and HEAD answer, every other method is a JSON 405', async (page) => {
    const url = `/_app/data/${BUILD_ID}${page}.json`;
    for (const method of METHODS) {
      const res = await call(url, method);
      if (isReadMethod(method)) {
        expect(res.status).toBe(200);
      } else {
        expect(res).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'application/json' } });
        expect(JSON.parse(res.body as string)).toEqual({ error: 'Method Not Allowed' });
      }
    }
    expect(seen.every((method) => isReadMethod(method))).toBe(true);
  });
});

describe('no route', () => {
  test.each(METHODS)('%s to an unknown page: 404, whatever the method', async (method) => {
    expect((await call('/nowhere', method)).status).toBe(404);
    expect((await call('/_app/other', method)).status).toBe(404);
  });
});

test('the rule, by route kind', () => {
  expect(PAGE_METHODS).toBe('GET, HEAD');
  for (const method of METHODS) {
    expect(pageTakesMethod({ kind: 'ssr' }, method)).toBe(true);
    expect(pageTakesMethod({ kind: 'api' }, method)).toBe(true);
    expect(pageTakesMethod({ kind: 'static' }, method)).toBe(isReadMethod(method));
    expect(pageTakesMethod({ kind: 'ssg' }, method)).toBe(isReadMethod(method));
  }
});
