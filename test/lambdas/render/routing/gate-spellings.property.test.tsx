/**
 * Every gate sees the path the router serves (issue 28): middleware guards pages, dynamic
 * pages, API routes and page data of an app in memory, in each locale, with and without a
 * `basePath`, with either trailing-slash setting. Generated spellings of each gated path
 * (percent-encoded characters in either hex case, doubled or tripled slashes, `./` and
 * `x/../` segments, an encoded locale or data prefix) must each be refused (400), or
 * redirected (308) along the site until the canonical path answers, or answered exactly as
 * the canonical path is: never the page the gate keeps.
 */
import fc from 'fast-check';
import type { ResolvedRouting } from '../../../../contract/routing';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { createRenderApp, type AppModules } from '../../../../lambdas/render/core/render-core';
import type { MiddlewareModule } from '../../../../lambdas/render/routing/middleware';
import type { CoreResponse } from '../../../../lambdas/shared/http';
import { setLogSink } from '../../../../lambdas/shared/log';
import * as serverRuntime from '../../../../web/runtime/server';
import { NextResponse, type NextRequest } from '../../../../web/runtime/server';
import { followTidyRedirects, spellingArb, type Seen } from '../../../helpers/path-spellings';
import { checkProperty } from '../../../helpers/property';
import { api, apisOf, BUILD_ID, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

beforeAll(() => setLogSink(() => {}));

const Text = ({ text }: { text: string }) => <p id="text">{text}</p>;
const ROUTES: Record<string, RouteSpec> = {
  '/': { kind: 'static', module: { default: () => <Text text="home" /> } },
  '/sign-in': { kind: 'static', module: { default: () => <Text text="sign in" /> } },
  '/admin': { kind: 'ssr', module: { default: ({ label }: { label: string }) => <Text text={label} />, getServerSideProps: async () => ({ props: { label: 'ADMIN PAGE' } }) } },
  '/admin/settings': { kind: 'ssg', module: { default: ({ label }: { label: string }) => <Text text={label} />, getStaticProps: async () => ({ props: { label: 'ADMIN SETTINGS' } }) } },
  '/admin/users/[id]': {
    kind: 'ssr',
    module: { default: ({ id }: { id: string }) => <Text text={`USER ${id}`} />, getServerSideProps: async (ctx: { params: Record<string, unknown> }) => ({ props: { id: `ADMIN ${String(ctx.params.id)}` } }) },
  },
  '/api/private/data': api((_req, res) => res.status(200).json({ secret: 'ADMIN DATA' })),
  '/api/private/items/[id]': api((req, res) => res.status(200).json({ secret: `ADMIN ITEM ${String(req.query.id)}` })),
};

/** Signed-in visitors (a `session=ok` cookie) go on; others are sent to sign in, or refused on the API. */
const gate: MiddlewareModule = {
  middleware(request: NextRequest) {
    if (request.cookies.get('session')?.value === 'ok') return NextResponse.next();
    if (request.nextUrl.pathname.startsWith('/api/')) return NextResponse.json({ error: 'sign in first' }, { status: 401 });
    const url = request.nextUrl.clone();
    url.pathname = '/sign-in';
    url.search = `?next=${encodeURIComponent(request.nextUrl.pathname)}`;
    return NextResponse.redirect(url);
  },
  config: { matcher: ['/admin', '/admin/:path*', '/api/private/:path*'] },
};

interface Site {
  basePath: string;
  trailingSlash: boolean;
}
const SITES: Site[] = [
  { basePath: '', trailingSlash: false },
  { basePath: '', trailingSlash: true },
  { basePath: '/base', trailingSlash: false },
  { basePath: '/base', trailingSlash: true },
];

function appFor(site: Site) {
  const manifest = manifestOf(ROUTES);
  const routing: ResolvedRouting = {
    basePath: site.basePath, trailingSlash: site.trailingSlash, redirects: [], rewrites: { beforeFiles: [], afterFiles: [], fallback: [] }, headers: [], middleware: true,
  };
  manifest.config = { ...manifest.config, routing };
  const modules: AppModules = { pages: pagesOf(ROUTES), apis: apisOf(ROUTES), errorPages: {}, middleware: { module: gate, runtime: serverRuntime } };
  const app = createRenderApp(modules, manifest, new PageStore('/nonexistent', []), {});
  return (pathAndQuery: string, cookie?: string) => app.handle(request(pathAndQuery, { headers: { host: 'site.example', ...(cookie ? { cookie } : {}) } }), { requestId: 'r' });
}
const apps = SITES.map(appFor);

/** The gated paths of a site, spelled canonically: pages and API routes (with the site's trailing slash), and page data, in each locale. */
function gatedPaths(site: Site): string[] {
  const slash = (path: string) => (site.trailingSlash ? `${path}/` : path);
  const pages = ['/admin', '/admin/settings', '/admin/users/7'];
  const paths: string[] = [];
  for (const locale of ['', '/fr']) {
    for (const page of pages) {
      paths.push(site.basePath + slash(locale + page));
      paths.push(`${site.basePath}/_app/data/${BUILD_ID}${locale}${page}.json`);
    }
  }
  for (const route of ['/api/private/data', '/api/private/items/3']) paths.push(site.basePath + slash(route));
  return paths;
}

/** What a visitor gets, in the terms a comparison needs. */
function answerOf(response: CoreResponse): Seen {
  return { status: response.status, location: response.headers.location, cacheControl: response.headers['cache-control'], body: String(response.body ?? '') };
}

const canonicalAnswers = new Map<string, Seen>();

test('generated spellings of gated paths: refused, redirected to the canonical path, or its exact answer', async () => {
  const cases = fc.integer({ min: 0, max: SITES.length - 1 }).chain((siteIndex) =>
    fc.constantFrom(...gatedPaths(SITES[siteIndex]!)).chain((path) => fc.tuple(fc.constant(siteIndex), fc.constant(path), spellingArb(path), fc.boolean())),
  );
  await checkProperty(
    'gated paths answer alike however spelled',
    fc.asyncProperty(cases, async ([siteIndex, path, spelled, signedIn]) => {
      const handle = apps[siteIndex]!;
      const cookie = signedIn ? 'session=ok' : undefined;
      const key = `${siteIndex} ${path} ${signedIn}`;
      let canonical = canonicalAnswers.get(key);
      if (!canonical) canonicalAnswers.set(key, (canonical = answerOf(await handle(path, cookie))));
      const seen = await followTidyRedirects(async (at) => answerOf(await handle(at, cookie)), spelled);
      if (seen.status === 400) return;
      expect({ spelled, answer: seen }).toEqual({ spelled, answer: canonical });
    }),
    1500,
  );
});

test('the canonical answers are the gate at work: signed out never sees the page, signed in does', async () => {
  for (const [index, site] of SITES.entries()) {
    for (const path of gatedPaths(site)) {
      const out = answerOf(await apps[index]!(path));
      expect({ path, out: out.body.includes('ADMIN') }).toEqual({ path, out: false });
      expect([307, 401, 200]).toContain(out.status);
      const signedIn = answerOf(await apps[index]!(path, 'session=ok'));
      expect({ path, in: signedIn.body.includes('ADMIN') }).toEqual({ path, in: true });
    }
  }
});

describe('the spellings issue 28 reported, each with its answer', () => {
  const handle = apps[0]!;
  test.each([
    ['/%61dmin', 307],
    ['/adm%69n', 307],
    ['/fr/%61dmin', 307],
    ['/%66r/admin', 307],
    ['/api/private/%64ata', 401],
  ])('%s is gated like its canonical path (%i)', async (path, status) => {
    const answer = await handle(path);
    expect(answer.status).toBe(status);
    expect(String(answer.body ?? '')).not.toContain('ADMIN');
  });

  test.each([
    ['//admin', '/admin'],
    ['/admin//settings', '/admin/settings'],
    ['/fr//admin', '/fr/admin'],
    ['/api//private/data', '/api/private/data'],
    ['/./admin', '/admin'],
    ['/x/../admin', '/admin'],
    ['/%2e%2e/admin', '/admin'],
    ['/\\admin', '/admin'],
    ['//admin?x=1', '/admin?x=1'],
  ])('%s answers 308 to %s, as the pages router answers repeated slashes', async (path, location) => {
    const answer = await handle(path);
    expect([answer.status, answer.headers.location]).toEqual([308, location]);
  });

  test('page data under an encoded path is gated: the data answer is the redirect the client follows, never the props', async () => {
    const answer = await handle(`/_app/data/${BUILD_ID}/%61dmin/settings.json`);
    expect(JSON.parse(String(answer.body))).toEqual({ redirect: { destination: '/sign-in?next=%2Fadmin%2Fsettings', statusCode: 307 } });
  });

  test('an encoded slash stays a character of its segment: /admin%2Fsettings is no path of the site, and never the page', async () => {
    const answer = await handle('/admin%2Fsettings');
    expect(answer.status).toBe(404);
    expect(String(answer.body)).not.toContain('ADMIN');
  });

  test('bad percent-encoding is a 400 before anything routes it', async () => {
    for (const path of ['/%61dmin%', '/adm%zzin', '/%E0%A4%A']) expect((await handle(path)).status).toBe(400);
  });
});
