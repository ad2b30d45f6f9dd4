/**
 * Every gate sees the path the router serves, over HTTP through the local server (the edge
 * function, then the render function): generated spellings of a gated app's pages, dynamic
 * pages, API routes and page data, in each locale, under a `basePath` with trailing slashes
 * and without either, are refused, redirected along the site to the canonical path, or
 * answered exactly as the canonical path is (test/helpers/path-spellings.ts).
 */
import fc from 'fast-check';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { followTidyRedirects, spellingArb, type Seen } from '../../helpers/path-spellings';
import { checkProperty } from '../../helpers/property';
import { header, sendRaw } from '../../helpers/raw-http';
import { tempApp } from '../../helpers/temp-app';

const page = (label: string, data: 'getServerSideProps' | 'getStaticProps') => `
export default function Page({ label }: { label: string }) { return <p id="label">{label}</p>; }
export async function ${data}(ctx: { params?: Record<string, string> }) { return { props: { label: '${label}' + (ctx.params?.id ?? '') } }; }
`;

function gatedApp(config: { basePath: string; trailingSlash: boolean }): string {
  return tempApp({
    'stratus.config.ts': `export default { locales: ['en', 'fr'], defaultLocale: 'en', basePath: ${JSON.stringify(config.basePath)}, trailingSlash: ${config.trailingSlash} };`,
    'pages/index.tsx': `export default function Home() { return <p>home</p>; }`,
    'pages/sign-in.tsx': `export default function SignIn() { return <p>sign in</p>; }`,
    'pages/admin/index.tsx': page('ADMIN PAGE', 'getServerSideProps'),
    'pages/admin/settings.tsx': page('ADMIN SETTINGS', 'getStaticProps'),
    'pages/admin/users/[id].tsx': page('ADMIN USER ', 'getServerSideProps'),
    'pages/api/private/data.ts': `export default function handler(_req: any, res: any) { res.status(200).json({ secret: 'ADMIN DATA' }); }`,
    'pages/api/private/items/[id].ts': `export default function handler(req: any, res: any) { res.status(200).json({ secret: 'ADMIN ITEM ' + req.query.id }); }`,
    'middleware.ts': `
import { NextResponse, type NextRequest } from 'stratus/server';
export function middleware(request: NextRequest) {
  if (request.cookies.get('session')?.value === 'ok') return NextResponse.next();
  if (request.nextUrl.pathname.startsWith('/api/')) return NextResponse.json({ error: 'sign in first' }, { status: 401 });
  const url = request.nextUrl.clone();
  url.pathname = '/sign-in';
  url.search = '?next=' + encodeURIComponent(request.nextUrl.pathname);
  return NextResponse.redirect(url);
}
export const config = { matcher: ['/admin', '/admin/:path*', '/api/private/:path*'] };
`,
  });
}

const SITES = [
  { basePath: '', trailingSlash: false },
  { basePath: '/base', trailingSlash: true },
];

describe.each(SITES)('basePath %j', (site) => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer(gatedApp(site));
  }, 120_000);
  afterAll(() => server?.stop());

  function gatedPaths(): string[] {
    const slash = (path: string) => (site.trailingSlash ? `${path}/` : path);
    const paths: string[] = [];
    for (const locale of ['', '/fr']) {
      for (const pagePath of ['/admin', '/admin/settings', '/admin/users/7']) {
        paths.push(site.basePath + slash(locale + pagePath));
        paths.push(`${site.basePath}/_app/data/${server.manifest.buildId}${locale}${pagePath}.json`);
      }
    }
    for (const route of ['/api/private/data', '/api/private/items/3']) paths.push(site.basePath + slash(route));
    return paths;
  }

  async function seen(target: string, signedIn: boolean): Promise<Seen> {
    const response = await sendRaw(server.port, { method: 'GET', target, headers: signedIn ? [['Cookie', 'session=ok']] : [] });
    return { status: response.status, location: header(response, 'location'), cacheControl: header(response, 'cache-control'), body: response.body.toString('utf8') };
  }

  test('the gate at work on canonical paths: signed out never sees the page, signed in does', async () => {
    for (const path of gatedPaths()) {
      const out = await seen(path, false);
      expect({ path, shown: out.body.includes('ADMIN') }).toEqual({ path, shown: false });
      expect({ path, shown: (await seen(path, true)).body.includes('ADMIN') }).toEqual({ path, shown: true });
    }
  });

  test('generated spellings: refused, redirected to the canonical path, or its exact answer', async () => {
    const canonical = new Map<string, Seen>();
    const cases = fc.constantFrom(...gatedPaths()).chain((path) => fc.tuple(fc.constant(path), spellingArb(path), fc.boolean()));
    await checkProperty(
      `over HTTP, basePath ${JSON.stringify(site.basePath)}: gated paths answer alike however spelled`,
      fc.asyncProperty(cases, async ([path, spelled, signedIn]) => {
        const key = `${path} ${signedIn}`;
        let expected = canonical.get(key);
        if (!expected) canonical.set(key, (expected = await seen(path, signedIn)));
        const answer = await followTidyRedirects((at) => seen(at, signedIn), spelled);
        if (answer.status === 400) return;
        expect({ spelled, answer }).toEqual({ spelled, answer: expected });
      }),
      250,
    );
    expect(server.alive()).toBe(true);
  }, 180_000);
});
