/** `stratus build` on fixture apps: output layout, manifest, determinism, server code kept out of the browser, and clear errors. */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { FIXTURES } from '../../helpers/build-app';

const BASIC = path.join(FIXTURES, 'apps', 'basic');
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'stratus-test-'));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('a full build of an app outside web/', () => {
  let outDir: string;
  let result: Awaited<ReturnType<typeof build>>;
  const lines: string[] = [];

  beforeAll(async () => {
    outDir = tmp();
    dirs.push(outDir);
    result = await build({ appDir: BASIC, outDir, imageLambda: false, log: (l) => lines.push(l) });
  });

  test('writes the S3 content, the render Lambda and the manifest in one folder', () => {
    expect(existsSync(path.join(outDir, 'manifest.json'))).toBe(true);
    expect(existsSync(path.join(outDir, 'lambdas/render/index.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'lambdas/image'))).toBe(true);
    expect(existsSync(path.join(outDir, 'assets/robots.txt'))).toBe(true);
    const assets = listFiles(path.join(outDir, 'assets'));
    expect(assets.some((f) => /^_app\/static\/chunks\/main-\w+\.js$/.test(f))).toBe(true);
    expect(assets).toContain(`_app/data/${result.manifest.buildId}/static-data/a.json`);
    expect(assets).toContain(`_app/data/${result.manifest.buildId}/fr/static-data/b.json`);
    // Revalidating data is served by the function, not frozen in S3.
    expect(assets.some((f) => f.endsWith('/revalidate.json'))).toBe(false);
  });

  test('the manifest lists routes in precedence order with their kind', () => {
    const routes = result.manifest.routes.map((r) => [r.pattern, r.kind]);
    expect(routes).toEqual(expect.arrayContaining([['/about', 'static'], ['/props-echo/[id]', 'ssr'], ['/static-data/[slug]', 'ssg']]));
    const patterns = result.manifest.routes.map((r) => r.pattern);
    expect(patterns.indexOf('/docs/intro')).toBeLessThan(patterns.indexOf('/docs/[...path]'));
    expect(result.manifest.routes.find((r) => r.pattern === '/fallback-true/[id]')!.fallback).toBe(true);
    expect(result.manifest.routes.find((r) => r.pattern === '/fallback-blocking/[id]')!.fallback).toBe('blocking');
    expect(result.manifest.publicFiles).toEqual(['/robots.txt']);
  });

  test('client chunks are minified production React, one per page', () => {
    const chunks = listFiles(path.join(outDir, 'assets/_app/static/chunks'));
    expect(chunks.filter((c) => c.startsWith('page-'))).toHaveLength(result.manifest.routes.length);
    const all = chunks.filter((c) => c.endsWith('.js')).map((c) => readFileSync(path.join(outDir, 'assets/_app/static/chunks', c), 'utf8')).join('\n');
    expect(all).not.toContain('react-dom.development');
    expect(all).not.toMatch(/Warning: |validateDOMNesting/);
  });

  test("a page's data functions and their imports never reach the browser", () => {
    const route = result.manifest.routes.find((r) => r.pattern === '/secret')!;
    const scripts = [...result.manifest.entryScripts, ...route.scripts].map((s) => readFileSync(path.join(outDir, 'assets', s), 'utf8')).join('\n');
    expect(scripts).not.toMatch(/node:fs|readFileSync|SECRET_MARKER|SECRET_TOKEN|getServerSideProps/);
    const everything = listFiles(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(outDir, 'assets', f), 'utf8')).join('\n');
    expect(everything).not.toMatch(/SECRET_MARKER|SECRET_TOKEN/);
    // …while the server has them.
    expect(readFileSync(path.join(outDir, 'lambdas/render/app.js'), 'utf8')).toContain('SECRET_MARKER_7f3a');
  });

  test('the render bundle has no development-only React code', () => {
    const server = readFileSync(path.join(outDir, 'lambdas/render/app.js'), 'utf8');
    expect(server).not.toContain('react-dom-server.node.development');
    expect(server).not.toMatch(/Warning: Each child in a list/);
  });

  test('prints progress and a summary of routes, kinds and first-load JS', () => {
    const text = lines.join('\n');
    expect(text).toMatch(/compiling client bundle/);
    expect(text).toMatch(/prerendering/);
    expect(text).toMatch(/λ \/props-echo\/\[id\]\s+server data\s+\d+\.\d kB/);
    expect(text).toMatch(/● \/static-data\/\[slug\]\s+static data\s+\d+\.\d kB\s+\d+\.\d kB\s+\(3 prerendered\)/);
    expect(text).toMatch(/○ \/about\s+static/);
    expect(text).toMatch(/\d+ routes, build \w{12}, \d+\.\d s/);
  });

  test('the same input gives the same build id', async () => {
    const again = tmp();
    dirs.push(again);
    const second = await build({ appDir: BASIC, outDir: again, imageLambda: false });
    expect(second.manifest.buildId).toBe(result.manifest.buildId);
  });
});

test('an app reached through a symbolic link builds as the app itself: its JSX in .js and its data functions are its own', async () => {
  const real = tmp();
  dirs.push(real);
  mkdirSync(path.join(real, 'pages'));
  writeFileSync(path.join(real, 'pages/index.js'), "import fs from 'fs';\nexport default function Home({ here }) { return <p>linked {String(here)}</p>; }\nexport function getStaticProps() { return { props: { here: fs.existsSync('.') } }; }\n");
  const linkDir = tmp();
  dirs.push(linkDir);
  const link = path.join(linkDir, 'app');
  symlinkSync(real, link);
  const outDir = tmp();
  dirs.push(outDir);
  const result = await build({ appDir: link, outDir, imageLambda: false });
  expect(result.manifest.routes.map((r) => [r.pattern, r.kind])).toEqual([['/', 'ssg']]);
});

describe('build errors name the file and say what to do', () => {
  function appWith(files: Record<string, string>): string {
    const dir = tmp();
    dirs.push(dir);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return dir;
  }
  const attempt = (files: Record<string, string>) => build({ appDir: appWith(files), outDir: tmp(), imageLambda: false });
  const ok = 'export default function P() { return null; }\n';

  test('syntax error', async () => {
    await expect(attempt({ 'pages/index.tsx': 'export default function P() { return <div> }' })).rejects.toThrow(/Syntax error in pages\/index\.tsx:1:\d+/);
  });

  test('no default export', async () => {
    await expect(attempt({ 'pages/about.tsx': 'export const x = 1;' })).rejects.toThrow(/pages\/about\.tsx has no default export/);
  });

  test('both data functions', async () => {
    await expect(attempt({ 'pages/x.tsx': ok + 'export function getStaticProps() {}\nexport function getServerSideProps() {}' }))
      .rejects.toThrow(/pages\/x\.tsx exports both getServerSideProps and getStaticProps/);
  });

  test('dynamic static page without getStaticPaths', async () => {
    await expect(attempt({ 'pages/p/[id].tsx': ok + 'export function getStaticProps() { return { props: {} }; }' }))
      .rejects.toThrow(/pages\/p\/\[id\]\.tsx is a dynamic route with getStaticProps but no getStaticPaths/);
  });

  test('two files claiming one route', async () => {
    await expect(attempt({ 'pages/about.tsx': ok, 'pages/about/index.tsx': ok })).rejects.toThrow(/pages\/about\.tsx and pages\/about\/index\.tsx both claim the route \/about/);
    await expect(attempt({ 'pages/p/[a].tsx': ok, 'pages/p/[b].tsx': ok })).rejects.toThrow(/pages\/p\/\[a\]\.tsx and pages\/p\/\[b\]\.tsx both claim/);
  });

  test('an import that does not resolve', async () => {
    await expect(attempt({ 'pages/index.tsx': "import x from './missing';\nexport default function P() { return x; }" })).rejects.toThrow(/pages\/index\.tsx:1:\d+: Could not resolve "\.\/missing"/);
  });

  test('an app folder that does not exist', async () => {
    await expect(build({ appDir: path.join(os.tmpdir(), 'stratus-no-such-app'), outDir: tmp(), imageLambda: false })).rejects.toThrow(/stratus-no-such-app is not a folder/);
  });

  test('a page that CloudFront would send to the bucket: one at a public file\'s path, at the top or in a folder', async () => {
    await expect(attempt({ 'pages/sitemap.xml.tsx': ok, 'public/sitemap.xml': '<urlset/>' }))
      .rejects.toThrow(/pages\/sitemap\.xml\.tsx: \/sitemap\.xml would be served from the bucket, since public\/ files are served at \/sitemap\.xml/);
    await expect(attempt({ 'pages/photos/a.jpg.tsx': ok, 'public/photos/a.jpg': 'jpg' })).rejects.toThrow(/\/photos\/a\.jpg would be served from the bucket, since public\/ files are served at \/photos\/\*/);
  });

  test('a page under a public folder builds: the bucket is asked first, the render function for what it lacks', async () => {
    await expect(attempt({ 'pages/photos/gallery.tsx': ok, 'public/photos/a.jpg': 'jpg' })).resolves.toBeDefined();
  });

  test('a page ending like a top-level public file (feed.xml beside sitemap.xml) builds: the file\'s behaviour takes its own path alone', async () => {
    await expect(attempt({ 'pages/feed.xml.tsx': ok, 'public/sitemap.xml': '<urlset/>' })).resolves.toBeDefined();
  });

  test('no pages folder', async () => {
    await expect(attempt({ 'README.md': 'hi' })).rejects.toThrow(/No pages\/ folder/);
  });

  test('a config whose defaultLocale is not a locale', async () => {
    await expect(attempt({ 'pages/index.tsx': ok, 'stratus.config.ts': "export default { locales: ['en'], defaultLocale: 'fr' };" }))
      .rejects.toThrow(/stratus\.config\.ts: defaultLocale "fr" is not in locales/);
  });

  test('an app copied anywhere builds and serves its pages', async () => {
    const dir = tmp();
    dirs.push(dir);
    cpSync(path.join(FIXTURES, 'apps', 'custom-errors'), dir, { recursive: true });
    const result = await build({ appDir: dir, outDir: path.join(dir, 'out'), imageLambda: false });
    expect(result.manifest.routes.map((r) => r.pattern)).toEqual(['/', '/boom']);
  });
});
