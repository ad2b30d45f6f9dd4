/**
 * Requests share nothing (issue 28): one render core serves interleaved concurrent requests
 * (the local server does, and Lambda's multi-concurrency mode will) that differ in locale,
 * cookies, draft mode, middleware outcome, `basePath`-relative URLs and query, with data
 * functions and handlers that wait a generated time, so their work interleaves. Every answer
 * must equal the one the same request gets alone: any module-level state a request writes
 * would show up as another request's answer.
 */
import fc from 'fast-check';
import Head from 'stratus/head';
import { useRouter } from 'stratus/router';
import type { ResolvedRouting } from '../../../../contract/routing';
import { createDraftMode } from '../../../../lambdas/render/api/draft-mode';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import type { MiddlewareModule } from '../../../../lambdas/render/routing/middleware';
import type { CoreResponse } from '../../../../lambdas/shared/http';
import { setLogSink } from '../../../../lambdas/shared/log';
import * as serverRuntime from '../../../../web/runtime/server';
import { NextResponse, type NextRequest } from '../../../../web/runtime/server';
import { checkProperty } from '../../../helpers/property';
import { api, apisOf, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

beforeAll(() => setLogSink(() => {}));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const delayOf = (query: Record<string, unknown>) => Number(query.d ?? 0) % 7;

/** What the router says during a render, so a render that read another request's router shows it. */
function Where({ text }: { text: string }) {
  const router = useRouter();
  return (
    <main>
      <Head>
        <title>{`${text} (${router.locale})`}</title>
      </Head>
      <p id="text">{text}</p>
      <p id="router">{`${router.pathname} ${router.asPath} ${router.locale} ${JSON.stringify(router.query)}`}</p>
    </main>
  );
}

const ROUTES: Record<string, RouteSpec> = {
  '/': { kind: 'static', module: { default: () => <Where text="home" /> } },
  '/greet': {
    kind: 'ssr',
    module: {
      default: ({ text }: { text: string }) => <Where text={text} />,
      getServerSideProps: async (ctx: { query: Record<string, unknown>; cookies: Record<string, string>; locale?: string; resolvedUrl: string }) => {
        await wait(delayOf(ctx.query));
        return { props: { text: `hello ${ctx.cookies.name ?? 'stranger'} in ${ctx.locale} at ${ctx.resolvedUrl}` } };
      },
    },
  },
  '/members': {
    kind: 'ssr',
    module: {
      default: ({ text }: { text: string }) => <Where text={text} />,
      getServerSideProps: async (ctx: { query: Record<string, unknown>; headers: Record<string, string> }) => {
        await wait(delayOf(ctx.query));
        return { props: { text: `member ${ctx.headers['x-member'] ?? 'none'}` } };
      },
    },
  },
  '/posts/[slug]': {
    kind: 'ssg',
    fallback: 'blocking',
    module: {
      default: ({ text }: { text: string }) => <Where text={text} />,
      getStaticPaths: async () => ({ paths: [], fallback: 'blocking' }),
      getStaticProps: async (ctx: { params?: Record<string, unknown>; locale?: string; draftMode?: boolean }) => {
        await wait(String(ctx.params?.slug).length % 5);
        return { props: { text: `post ${String(ctx.params?.slug)} ${ctx.locale} ${ctx.draftMode ? 'DRAFT' : 'published'}` } };
      },
    },
  },
  '/api/echo': api(async (req, res) => {
    await wait(delayOf(req.query));
    res.setHeader('x-echo', String(req.query.v ?? ''));
    res.status(200).json({ query: req.query, cookies: req.cookies, url: req.url });
  }),
};

/** Middleware: /members needs a session cookie and gets the member's name as a request header; every matched answer is tagged. */
const middleware: MiddlewareModule = {
  async middleware(request: NextRequest) {
    await wait(Number(request.nextUrl.searchParams.get('d') ?? 0) % 3);
    const session = request.cookies.get('session')?.value;
    if (request.nextUrl.pathname === '/members' && !session) {
      const url = request.nextUrl.clone();
      url.pathname = '/';
      return NextResponse.redirect(url);
    }
    const headers = new Headers(request.headers);
    if (session) headers.set('x-member', session);
    const response = NextResponse.next({ request: { headers } });
    response.headers.set('x-tag', `${request.nextUrl.locale}:${request.nextUrl.pathname}:${request.nextUrl.searchParams.get('v') ?? ''}`);
    return response;
  },
  config: { matcher: ['/members', '/greet', '/api/:path*'] },
};

const draft = createDraftMode(async () => 'concurrency test secret');

function appFor(basePath: string) {
  const manifest = manifestOf(ROUTES);
  const routing: ResolvedRouting = { basePath, trailingSlash: false, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: true };
  manifest.config = { ...manifest.config, routing };
  const modules: AppModules = { pages: pagesOf(ROUTES), apis: apisOf(ROUTES), errorPages: {}, middleware: { module: middleware, runtime: serverRuntime } };
  const app = createRenderApp(modules, manifest, new PageStore('/nonexistent', []), { draft });
  return { basePath, app };
}

interface Visit {
  app: number;
  path: string;
  cookie?: string;
}

/** A response as a visitor sees it, whole. */
function seen(response: CoreResponse) {
  return { status: response.status, headers: response.headers, cookies: response.cookies ?? [], body: String(response.body ?? '') };
}

let draftCookie = '';
const apps = [appFor(''), appFor('/base')];

beforeAll(async () => {
  draftCookie = (await draft.cookie(true)).split(';')[0]!;
});

const visitArb: fc.Arbitrary<Visit> = fc.record({
  app: fc.constantFrom(0, 1),
  locale: fc.constantFrom('', '/fr'),
  page: fc.constantFrom('/', '/greet', '/members', '/posts/a', '/posts/bb', '/posts/ccc', '/api/echo', '/nowhere'),
  d: fc.nat(9),
  v: fc.constantFrom('', 'x', 'ü', '<b>'),
  name: fc.option(fc.constantFrom('ada', 'bo', 'cy'), { nil: undefined }),
  session: fc.option(fc.constantFrom('s1', 's2'), { nil: undefined }),
  drafted: fc.boolean(),
}).map(({ app, locale, page, d, v, name, session, drafted }) => {
  const localized = page.startsWith('/api') ? page : locale + (page === '/' && locale ? '' : page);
  const cookies = [name && `name=${name}`, session && `session=${session}`, drafted && 'DRAFT'].filter(Boolean) as string[];
  return { app, path: `${apps[app]!.basePath}${localized || '/'}?d=${d}&v=${encodeURIComponent(v)}`, cookie: cookies.length ? cookies.join('; ') : undefined };
});

function send(visit: Visit): Promise<CoreResponse> {
  const cookie = visit.cookie?.replace('DRAFT', draftCookie);
  return apps[visit.app]!.app.handle(request(visit.path, { headers: { host: 'site.example', ...(cookie ? { cookie } : {}) } }), { requestId: 'r' });
}

test('interleaved concurrent requests each get the answer they get alone', async () => {
  await checkProperty(
    'requests share nothing',
    fc.asyncProperty(fc.array(visitArb, { minLength: 2, maxLength: 16 }), async (visits) => {
      // Static pages are generated once for the fleet: a first visit stores them, so both runs below read the same copy.
      for (const visit of visits) await send(visit);
      const alone: ReturnType<typeof seen>[] = [];
      for (const visit of visits) alone.push(seen(await send(visit)));
      const together = (await Promise.all(visits.map(send))).map(seen);
      for (let i = 0; i < visits.length; i++) expect({ visit: visits[i], answer: together[i] }).toEqual({ visit: visits[i], answer: alone[i] });
    }),
    150,
  );
}, 180_000);

test('the app under test does vary by each input (so the comparison can see a leak)', async () => {
  const body = async (path: string, cookie?: string) => String((await send({ app: 0, path, cookie })).body);
  expect(await body('/greet?d=1', 'name=ada')).toContain('hello ada');
  expect(await body('/fr/greet?d=1')).toContain('hello stranger in fr');
  expect(await body('/members?d=0', 'session=s2')).toContain('member s2');
  expect((await send({ app: 0, path: '/members' })).status).toBe(307);
  expect(await body('/posts/zz', 'DRAFT')).toContain('DRAFT');
  expect(await body('/posts/zz')).toContain('published');
  expect((await send({ app: 1, path: '/base/greet?v=x' })).headers['x-tag']).toBe('en:/greet:x');
  expect(await body('/api/echo?v=q', 'name=bo')).toContain('"name":"bo"');
});
