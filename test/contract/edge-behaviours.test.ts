import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_METHODS, allowedMethods, bodyRoutesOf, cacheKeyOf, edgeBehaviours, edgeMethods, GET_HEAD, MAX_BEHAVIOURS, matchPathPattern,
  pageBodiesWanted, selectBehaviour, type BodyRoutes,
} from '../../contract/edge-behaviours';
import type { ManifestRoute } from '../../contract/manifest';
import type { ResolvedConfig } from '../../contract/config';
import { DRAFT_COOKIE, LOCALE_COOKIE, EDGE_PAGE_HEADER } from '../../contract/urls';
import { onlyResource, synthFixture } from '../infra/stack-fixture';

const ROOT = join(__dirname, '..', '..');

const NO_BODIES: BodyRoutes = { api: false, pageBodies: false };
const ALL_BODIES: BodyRoutes = { api: true, pageBodies: true };

describe('edge behaviour table', () => {
  const table = edgeBehaviours(['/favicon.ico', '/robots.txt', '/photos/a.jpg', '/photos/deep/b.png', '/fonts/x.woff2', '/logo.png'], ALL_BODIES);

  test('fixed paths first (API routes before public files), public files by folder and by their own path, default last', () => {
    expect(table.map((b) => b.pathPattern)).toEqual([
      '/_app/static/*',
      '/_app/data/*',
      '/_app/image',
      '/api',
      '/api/*',
      '/favicon.ico',
      '/fonts/*',
      '/logo.png',
      '/photos/*',
      '/robots.txt',
      '*',
    ]);
  });

  test('a top-level file\'s behaviour takes its path alone: other paths ending the same way reach the render function (a rewrite source, a page)', () => {
    for (const path of ['/docs/robots.txt', '/other.txt', '/en/robots.txt', '/robots.txt.bak', '/a/logo.png']) expect(selectBehaviour(table, path).origin).toBe('render');
    expect(selectBehaviour(table, '/robots.txt').origin).toBe('assets');
  });

  test('past the quota, top-level files are grouped by extension again (and a name a pattern cannot spell always is)', () => {
    const many = edgeBehaviours([...Array.from({ length: 60 }, (_, i) => `/photo-${i}.jpg`), '/robots.txt'], ALL_BODIES);
    expect(many.map((b) => b.pathPattern).filter((p) => !p.startsWith('/_app') && !p.startsWith('/api'))).toEqual(['/*.jpg', '/*.txt', '*']);
    const odd = edgeBehaviours(['/my file.txt', '/robots.txt', '/(draft).md', `/${'x'.repeat(220)}.css`], ALL_BODIES);
    expect(odd.map((b) => b.pathPattern)).toContain('/*.css');
    expect(odd.map((b) => b.pathPattern)).toEqual(expect.arrayContaining(['/*.txt', '/robots.txt', '/*.md']));
    expect(selectBehaviour(odd, '/docs/x.txt').origin).toBe('assets');
  });

  test('the choice does not depend on the body routes: the build\'s check and the stack see the same public behaviours', () => {
    const files = Array.from({ length: 54 }, (_, i) => `/f${i}.css`);
    const publicOf = (bodies: BodyRoutes) => edgeBehaviours(files, bodies).filter((b) => b.origin === 'assets' && !b.pathPattern.startsWith('/_app')).map((b) => b.pathPattern);
    expect(publicOf(NO_BODIES)).toEqual(publicOf(ALL_BODIES));
    expect(publicOf(NO_BODIES)).toHaveLength(54);
    expect(edgeBehaviours([...files, '/f54.css'], NO_BODIES).filter((b) => b.pathPattern === '/*.css')).toHaveLength(1);
  });

  test.each([
    ['/_app/static/chunk-abc.js', 'assets', 'immutable'],
    ['/_app/data/b1/fr/posts/a.json', 'assets', 'origin'],
    ['/_app/image', 'image', 'image'],
    ['/photos/deep/b.png', 'assets', 'origin'],
    ['/favicon.ico', 'assets', 'origin'],
    ['/about', 'render', 'origin'],
    ['/', 'render', 'origin'],
    ['/api', 'stream', 'never'],
    ['/api/hooks/stripe', 'stream', 'never'],
    ['/api/export.png', 'stream', 'never'],
    ['/apiary', 'render', 'origin'],
    ['/fr/api/x', 'render', 'origin'],
  ])('%s → %s (%s)', (path, origin, cache) => {
    expect(selectBehaviour(table, path)).toMatchObject({ origin, cache });
  });

  test('page data falls back to the render function; the edge function runs only where a Lambda may answer', () => {
    expect(selectBehaviour(table, '/_app/data/x.json').failoverOrigin).toBe('render');
    const withFunction = table.filter((b) => b.viewerRequest).map((b) => b.pathPattern);
    expect(withFunction).toEqual(['/_app/data/*', '/_app/image', '/api', '/api/*', '/fonts/*', '/photos/*', '*']);
  });

  test("a public folder's behaviour asks the bucket first and the render function for what is no file; a top-level file's takes its file alone", () => {
    expect(selectBehaviour(table, '/photos/missing.jpg')).toMatchObject({ origin: 'assets', failoverOrigin: 'render', viewerRequest: true, filesFirst: true });
    expect(selectBehaviour(table, '/fonts/old/x.woff2')).toMatchObject({ failoverOrigin: 'render', filesFirst: true });
    for (const path of ['/favicon.ico', '/robots.txt', '/logo.png']) {
      const behaviour = selectBehaviour(table, path);
      expect({ path, pattern: behaviour.pathPattern, failover: behaviour.failoverOrigin, fn: behaviour.viewerRequest }).toEqual({ path, pattern: path, failover: undefined, fn: undefined });
    }
    // Past the quota, top-level files grouped by extension fall back to the app the same way.
    const many = Array.from({ length: 80 }, (_, i) => `/f${i}.txt`);
    expect(selectBehaviour(edgeBehaviours(many, ALL_BODIES), '/notes/missing.txt')).toMatchObject({ pathPattern: '/*.txt', failoverOrigin: 'render', filesFirst: true });
  });

  test('the body signer runs only where a body may reach the render function', () => {
    expect(table.filter((b) => b.bodySigner).map((b) => b.pathPattern)).toEqual(['/api', '/api/*', '*']);
    const apiOnly = edgeBehaviours(['/favicon.ico'], { api: true, pageBodies: false });
    expect(apiOnly.filter((b) => b.bodySigner).map((b) => b.pathPattern)).toEqual(['/api', '/api/*']);
    const pagesOnly = edgeBehaviours(['/favicon.ico'], { api: false, pageBodies: true });
    expect(pagesOnly.map((b) => b.pathPattern)).not.toContain('/api/*');
    expect(pagesOnly.filter((b) => b.bodySigner).map((b) => b.pathPattern)).toEqual(['*']);
    expect(edgeBehaviours(['/favicon.ico'], NO_BODIES).some((b) => b.bodySigner)).toBe(false);
  });

  test('CloudFront pattern matching: case-sensitive, * spans slashes, ? one character', () => {
    expect(matchPathPattern('/photos/*', '/photos/a/b.jpg')).toBe(true);
    expect(matchPathPattern('/photos/*', '/Photos/a.jpg')).toBe(false);
    expect(matchPathPattern('/*.png', '/a/b.png')).toBe(true);
    expect(matchPathPattern('/a?c', '/abc')).toBe(true);
    expect(matchPathPattern('/_app/image', '/_app/images')).toBe(false);
  });

  test('a public-file behaviour that serves SVGs and no HTML page is sandboxed; none other is', () => {
    const table = edgeBehaviours(['/logo.svg', '/robots.txt', '/icons/a.svg', '/icons/b.png', '/docs/guide.html', '/docs/figure.svg', '/static/Z.SVG'], { api: false, pageBodies: false });
    const sandboxed = table.filter((b) => b.sandboxed).map((b) => b.pathPattern);
    // /docs/* shares its behaviour with an HTML page, which must keep its scripts.
    expect(sandboxed).toEqual(['/icons/*', '/logo.svg', '/static/*']);
  });

  test('thousands of public files stay within the behaviour quota', () => {
    const files = Array.from({ length: 5000 }, (_, i) => `/gallery${i % 20}/photo-${i}.jpg`);
    expect(edgeBehaviours(files).length).toBeLessThanOrEqual(MAX_BEHAVIOURS);
    expect(MAX_BEHAVIOURS).toBeLessThan(75);
  });

  test('too many top-level names fails with the fix', () => {
    const files = Array.from({ length: 80 }, (_, i) => `/file-${i}`);
    expect(() => edgeBehaviours(files)).toThrow(/move top-level files into folders/);
  });

  test('without a second argument the table has every body route (the build counts the most it may need)', () => {
    expect(edgeBehaviours(['/a.png'])).toEqual(edgeBehaviours(['/a.png'], ALL_BODIES));
  });
});

describe('body routes of a build', () => {
  const route = (pattern: string, kind: string): ManifestRoute =>
    ({ pattern, file: `pages${pattern}.tsx`, segments: [], kind, fallback: false, prerendered: [], scripts: [] }) as unknown as ManifestRoute;

  test('API routes by kind or by their /api pattern; page bodies only with a getServerSideProps page', () => {
    expect(bodyRoutesOf({ routes: [route('/', 'static'), route('/posts/[slug]', 'ssg')] })).toEqual(NO_BODIES);
    expect(bodyRoutesOf({ routes: [route('/contact', 'ssr')] })).toEqual({ api: false, pageBodies: true });
    expect(bodyRoutesOf({ routes: [route('/api/hello', 'api')] })).toEqual({ api: true, pageBodies: false });
    expect(bodyRoutesOf({ routes: [route('/api', 'api')] })).toEqual({ api: true, pageBodies: false });
    // A getServerSideProps-like kind under /api is still an API route, not a page taking bodies.
    expect(bodyRoutesOf({ routes: [route('/api/x', 'ssr')] })).toEqual({ api: true, pageBodies: false });
  });

  test('pageBodies: false in the config keeps pages off bodies, and the signer to /api', () => {
    const routes = [route('/contact', 'ssr'), route('/api/hello', 'api')];
    const bodies = bodyRoutesOf({ routes, config: { pageBodies: false } });
    expect(bodies).toEqual({ api: true, pageBodies: false });
    expect(bodyRoutesOf({ routes, config: {} })).toEqual(ALL_BODIES);
    const table = edgeBehaviours(['/favicon.ico'], bodies);
    expect(table.filter((b) => b.bodySigner).map((b) => b.pathPattern)).toEqual(['/api', '/api/*']);
    expect(edgeMethods('/contact', bodies)).toEqual(GET_HEAD);
  });

  test('middleware makes page paths take bodies without a getServerSideProps page; pageBodies: false still refuses them', () => {
    const routes = [route('/', 'static'), route('/api/hello', 'api')];
    const routing = { middleware: true } as NonNullable<ResolvedConfig['routing']>;
    expect(bodyRoutesOf({ routes, config: { routing } })).toEqual(ALL_BODIES);
    expect(pageBodiesWanted({ routes, config: { routing } })).toBe('middleware');
    expect(pageBodiesWanted({ routes: [...routes, route('/contact', 'ssr')], config: { routing } })).toBe('server pages');
    expect(pageBodiesWanted({ routes, config: { routing: { ...routing, middleware: false } } })).toBeUndefined();
    expect(bodyRoutesOf({ routes, config: { routing, pageBodies: false } })).toEqual({ api: true, pageBodies: false });
  });
});

describe('methods the edge lets through, by path kind', () => {
  test.each([
    ['/api/hooks/stripe', ALL_BODIES, ALL_METHODS],
    ['/api', ALL_BODIES, ALL_METHODS],
    ['/contact', ALL_BODIES, ALL_METHODS],
    ['/fr/api/x', ALL_BODIES, ALL_METHODS],
    ['/_app/data/b/x.json', ALL_BODIES, GET_HEAD],
    ['/_app/image', ALL_BODIES, GET_HEAD],
    ['/_app/static/a.js', ALL_BODIES, GET_HEAD],
    ['/api/x', NO_BODIES, GET_HEAD],
    ['/contact', NO_BODIES, GET_HEAD],
    ['/contact', { api: true, pageBodies: false }, GET_HEAD],
  ] as const)('%s with %j → %j', (path, bodies, methods) => {
    expect(edgeMethods(path, bodies)).toEqual(methods);
  });
});

describe('allowed methods and cache keys per behaviour', () => {
  const table = edgeBehaviours(['/favicon.ico', '/photos/a.jpg'], ALL_BODIES);
  const at = (path: string) => selectBehaviour(table, path);

  test('GET/HEAD where the bucket or an origin group answers; all where only a function does', () => {
    expect(allowedMethods(at('/_app/static/a.js'))).toEqual(GET_HEAD);
    expect(allowedMethods(at('/_app/data/b/a.json'))).toEqual(GET_HEAD);
    expect(allowedMethods(at('/photos/a.jpg'))).toEqual(GET_HEAD);
    expect(allowedMethods(at('/_app/image'))).toContain('POST');
    expect(allowedMethods(at('/about'))).toContain('POST');
    expect(allowedMethods(at('/api/x'))).toEqual(ALL_METHODS);
  });

  test('pages, their data and public folders vary on the query and the locale cookie, images on their parameters and Accept, top-level files on nothing', () => {
    // x-stratus-page: the path and query a page request asked the bucket for carries (the bucket sees no query).
    expect(cacheKeyOf(at('/about'))).toEqual({ queryStrings: 'all', headers: [EDGE_PAGE_HEADER], cookies: [LOCALE_COOKIE, DRAFT_COOKIE] });
    expect(cacheKeyOf(at('/_app/data/b/a.json'))).toEqual(cacheKeyOf(at('/about')));
    expect(cacheKeyOf(at('/_app/image'))).toEqual({ queryStrings: ['url', 'w', 'q'], headers: ['accept'], cookies: [] });
    // The render function may answer under a public folder (a missing file, a rewrite source).
    expect(cacheKeyOf(at('/photos/a.jpg'))).toEqual(cacheKeyOf(at('/about')));
    for (const path of ['/_app/static/a.js', '/favicon.ico', '/api/x']) {
      expect(cacheKeyOf(at(path))).toEqual({ queryStrings: [], headers: [], cookies: [] });
    }
  });
});

describe('one table for the stack and the local server', () => {
  test('the distribution has exactly the table’s behaviours, in order', () => {
    const { template, build } = synthFixture();
    const config = onlyResource(template, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
    const table = edgeBehaviours(build.manifest.publicFiles, bodyRoutesOf(build.manifest));
    expect([...config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern), '*']).toEqual(table.map((b) => b.pathPattern));
    const withFunction = [...config.CacheBehaviors, { ...config.DefaultCacheBehavior, PathPattern: '*' }]
      .filter((b: { FunctionAssociations?: unknown[] }) => b.FunctionAssociations)
      .map((b: { PathPattern: string }) => b.PathPattern);
    expect(withFunction).toEqual(table.filter((b) => b.viewerRequest).map((b) => b.pathPattern));
  });

  // The local server lives in cli/serve (another module); it must route with this table
  // and run this edge function rather than keep copies.
  const server = join(ROOT, 'cli', 'serve', 'server.ts');
  const origins = join(ROOT, 'cli', 'serve', 'local-origins.ts');
  test('the local server imports the table from contract/ and the edge function from infra/edge', () => {
    const sources = [server, origins].map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(sources).toMatch(/import \{[^}]*\bedgeBehaviours\b[^}]*\} from '\.\.\/\.\.\/contract\/edge-behaviours'/);
    expect(sources).toMatch(/import \{[^}]*\bselectBehaviour\b[^}]*\} from '\.\.\/\.\.\/contract\/edge-behaviours'/);
    expect(sources).toMatch(/\bloadViewerRequest\w*\b[\s\S]*from '\.\.\/\.\.\/infra\/edge\/viewer-request'/);
  });
});
