/**
 * `stratus build` type-checks an app that has a tsconfig.json and TypeScript installed, as
 * `next build` does: type errors stop the build with the compiler's messages (unless
 * `typescript.ignoreBuildErrors`), and the output says how long it took.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { NODE_MODULES, REPO_ROOT } from '../../../../cli/paths';
import { requiredOptions } from '../../../../cli/builder/type-check-tsconfig';
import { tempApp } from '../../../helpers/temp-app';

const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, jsx: 'react-jsx', module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: [] }, include: ['pages'] });

/** An app with its own node_modules holding TypeScript and React's types (linked from the checkout's). */
function typedApp(files: Record<string, string>, tsconfig: string | null = TSCONFIG): string {
  const dir = tempApp(tsconfig === null ? files : { 'tsconfig.json': tsconfig, ...files });
  mkdirSync(path.join(dir, 'node_modules', '@types'), { recursive: true });
  symlinkSync(path.join(NODE_MODULES, 'typescript'), path.join(dir, 'node_modules', 'typescript'));
  symlinkSync(path.join(NODE_MODULES, '@types', 'react'), path.join(dir, 'node_modules', '@types', 'react'));
  if (tsconfig === null) symlinkSync(path.join(NODE_MODULES, '@types', 'node'), path.join(dir, 'node_modules', '@types', 'node'));
  return dir;
}

const outDir = () => path.join(os.tmpdir(), `stratus-types-${process.pid}-${Math.random().toString(36).slice(2)}`);
const BROKEN = "export default function Page() { const n: number = 'not a number'; return <p>{n}</p>; }";

test('type errors stop the build with the compiler\'s message, as next build does', async () => {
  const lines: string[] = [];
  const app = typedApp({ 'pages/index.tsx': BROKEN });
  await expect(build({ appDir: app, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) })).rejects.toThrow(
    /Type errors \(TypeScript [\d.]+, [\d.]+ s\), as next build stops on them; fix them, or set typescript.ignoreBuildErrors in the config to build anyway:\n.*pages\/index\.tsx.*Type 'string' is not assignable to type 'number'/s,
  );
}, 120_000);

test('a clean app builds and says how long the check took; ignoreBuildErrors builds despite errors', async () => {
  const lines: string[] = [];
  const clean = typedApp({ 'pages/index.tsx': 'export default function Page() { const n: number = 1; return <p>{n}</p>; }' });
  await build({ appDir: clean, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript [\d.]+\) in [\d.]+ s$/));

  const ignoring = typedApp({ 'pages/index.tsx': BROKEN, 'next.config.js': 'module.exports = { typescript: { ignoreBuildErrors: true } };' });
  const more: string[] = [];
  await build({ appDir: ignoring, outDir: outDir(), imageLambda: false, log: (line) => more.push(line) });
  expect(more).toContain('  skipping validation of types (typescript.ignoreBuildErrors)');
}, 120_000);

test("Next's page and app types as its docs use them type-check in a strict app: NextPageContext in _error, NextWebVitalsMetric in _app", async () => {
  const errorPage = `import type { NextPage, NextPageContext } from 'next';
type Props = { statusCode?: number };
const ErrorPage: NextPage<Props> = ({ statusCode }) => <p>{statusCode ? 'Error ' + statusCode : 'A client error'}</p>;
ErrorPage.getInitialProps = ({ res, err }: NextPageContext) => ({ statusCode: res ? res.statusCode : err ? 500 : 404 });
export default ErrorPage;`;
  const app = `import type { AppProps, NextWebVitalsMetric } from 'next/app';
export function reportWebVitals(metric: NextWebVitalsMetric) { console.log(metric.name, metric.value); }
export default function App({ Component, pageProps }: AppProps) { return <Component {...pageProps} />; }`;
  // The tsconfig.json stratus init writes: Stratus's settings (strict, next/* resolved to the runtime) extended.
  const tsconfig = JSON.stringify({ extends: path.join(REPO_ROOT, 'tsconfig.app.json'), include: ['pages'] });
  const dir = typedApp({ 'pages/_error.tsx': errorPage, 'pages/_app.tsx': app, 'pages/index.tsx': 'export default function Page() { return <p>home</p>; }' }, tsconfig);
  symlinkSync(path.join(NODE_MODULES, '@types', 'node'), path.join(dir, 'node_modules', '@types', 'node'));
  const lines: string[] = [];
  await build({ appDir: dir, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript [\d.]+\) in [\d.]+ s$/));
}, 120_000);

describe("an app's own tsconfig.json sees the runtime's types for stylesheets, images and process.browser, as next-env.d.ts gives them under Next", () => {
  // As Next's examples commit it: next-env.d.ts included but not stored (next build writes it).
  const NEXT_STYLE = JSON.stringify({
    compilerOptions: { strict: false, noEmit: true, incremental: true, jsx: 'preserve', module: 'esnext', moduleResolution: 'bundler', esModuleInterop: true, isolatedModules: true, skipLibCheck: true },
    include: ['next-env.d.ts', 'pages/**/*.tsx'],
    exclude: ['node_modules'],
  });
  const STYLED = `import styles from '../styles.module.css';
import logo from '../logo.png';
// process.browser, which the build defines, as Next's global types declare it.
export default function Page() { return <img className={styles.hero} src={logo.src} width={logo.width} alt={process.browser ? 'browser' : 'server'} />; }`;

  function styledApp(files: Record<string, string>, tsconfig: Record<string, string>): string {
    const app = typedApp({ 'styles.module.css': '.hero { color: red; }', ...tsconfig, ...files }, null);
    copyFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'apps', 'next-idiom', 'public', 'dot.png'), path.join(app, 'logo.png'));
    return app;
  }

  test("a CSS Module and an image import type-check; the app's include still applies; nothing is written into the app", async () => {
    // Outside the app's include: not checked, as by next build.
    const app = styledApp({ 'pages/index.tsx': STYLED, 'scripts/seed.ts': "export const n: number = 'not checked';" }, { 'tsconfig.json': NEXT_STYLE });
    const before = readdirSync(app).sort();
    const lines: string[] = [];
    await build({ appDir: app, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript [\d.]+\) in [\d.]+ s$/));
    expect(readdirSync(app).sort()).toEqual(before);
  }, 120_000);

  test('through typescript.tsconfigPath too; errors name files relative to the app', async () => {
    const app = styledApp({ 'pages/index.tsx': STYLED, 'pages/about.tsx': BROKEN, 'next.config.js': "module.exports = { typescript: { tsconfigPath: 'tsconfig.check.json' } };" }, { 'tsconfig.check.json': NEXT_STYLE });
    await expect(build({ appDir: app, outDir: outDir(), imageLambda: false, log: () => {} })).rejects.toThrow(/:\npages\/about\.tsx\(1,\d+\): error TS2322: Type 'string' is not assignable to type 'number'\.$/);
  }, 120_000);
});

test("a tsconfig Next accepts and completes (no moduleResolution, resolveJsonModule on: TS5070 under TypeScript's classic default) type-checks with Next's mandatory options, the app's file unchanged", async () => {
  const tsconfig = JSON.stringify({ compilerOptions: { target: 'es2017', lib: ['dom', 'esnext'], strict: true, noEmit: true, jsx: 'preserve', module: 'esnext', resolveJsonModule: true, skipLibCheck: true }, include: ['pages', 'data.json'] });
  const app = tempApp({ 'tsconfig.json': tsconfig, 'data.json': '{ "title": "from json" }', 'pages/index.tsx': "import data from '../data.json';\nexport default function Page() { const t: string = data.title; return <p>{t}</p>; }" });
  // TypeScript 5, whose default resolution for such a config is classic (6 and later default to bundler).
  const install = spawnSync('npm', ['install', '--prefix', app, '--no-save', '--no-package-lock', '--prefer-offline', '--no-audit', '--no-fund', 'typescript@5.9.3'], { encoding: 'utf8', timeout: 110_000 });
  expect({ status: install.status, stderr: install.stderr }).toMatchObject({ status: 0 });
  mkdirSync(path.join(app, 'node_modules', '@types'), { recursive: true });
  symlinkSync(path.join(NODE_MODULES, '@types', 'react'), path.join(app, 'node_modules', '@types', 'react'));
  const lines: string[] = [];
  await build({ appDir: app, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript 5\.9\.3\) in [\d.]+ s$/));
  expect(readFileSync(path.join(app, 'tsconfig.json'), 'utf8')).toBe(tsconfig);
}, 180_000);

test("Next's mandatory options: only those the config lacks or sets otherwise, by TypeScript version", () => {
  expect(requiredOptions({ module: 'esnext', resolveJsonModule: true }, '5.9.3')).toEqual({ moduleResolution: 'bundler', esModuleInterop: true, isolatedModules: true, jsx: 'react-jsx' });
  expect(requiredOptions({ module: 'ESNext', moduleResolution: 'Bundler', esModuleInterop: true, resolveJsonModule: true, isolatedModules: true, jsx: 'react-jsx' }, '5.9.3')).toEqual({});
  expect(requiredOptions({ module: 'commonjs' }, '5.9.3')).toMatchObject({ moduleResolution: 'node' });
  expect(requiredOptions({}, '4.9.5')).toMatchObject({ module: 'esnext', moduleResolution: 'node' });
  expect(requiredOptions({ module: 'preserve', verbatimModuleSyntax: true, jsx: 'react-jsx' }, '5.9.3')).toEqual({});
});

describe('a TypeScript app without a tsconfig.json, as next build checks it after writing one', () => {
  const LINKED = `import Link from 'next/link';
import Head from 'next/head';
import { useRouter } from 'next/router';
import type { GetServerSideProps } from 'next';
export const getServerSideProps: GetServerSideProps = async ({ req }) => ({ props: { ua: req.headers['user-agent'] ?? '' } });
export default function Page({ ua }: { ua: string }) {
  const router = useRouter();
  // styled-jsx's attributes type-check as under Next's types.
  return <><Head><title>t</title></Head><Link href="/about">{router.pathname}{ua}</Link><style jsx global>{'p { color: red; }'}</style></>;
}`;

  test('type errors stop the build; the app folder gets no tsconfig.json', async () => {
    const app = typedApp({ 'pages/index.tsx': BROKEN }, null);
    await expect(build({ appDir: app, outDir: outDir(), imageLambda: false, log: () => {} })).rejects.toThrow(/Type errors \(TypeScript [\d.]+, [\d.]+ s\).*pages\/index\.tsx.*Type 'string' is not assignable to type 'number'/s);
    expect(existsSync(path.join(app, 'tsconfig.json'))).toBe(false);
  }, 120_000);

  test("a clean app using next/* builds, not strict (Next's default), and says the check had a default configuration", async () => {
    const lines: string[] = [];
    // Not strict: an implicit any passes, as in the tsconfig.json next build writes.
    // next.config.ts as create-next-app writes it: `NextConfig` from 'next'.
    const config = "import type { NextConfig } from 'next';\nconst nextConfig: NextConfig = { reactStrictMode: true, i18n: { locales: ['en', 'es'], defaultLocale: 'en' } };\nexport default nextConfig;\n";
    const app = typedApp({ 'pages/index.tsx': LINKED, 'pages/about.tsx': 'export default function About(props) { return <p>{props.x}</p>; }', 'next.config.ts': config }, null);
    await build({ appDir: app, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript [\d.]+, default configuration: the app has no tsconfig\.json\) in [\d.]+ s$/));
    expect(existsSync(path.join(app, 'tsconfig.json'))).toBe(false);
  }, 120_000);

  test('with TypeScript 4, which knows neither Bundler resolution nor the ES2023 lib: node resolution, as Next writes below 5.0', async () => {
    const app = tempApp({ 'pages/index.tsx': LINKED });
    // From the registry the first time, from npm's cache afterwards.
    const install = spawnSync('npm', ['install', '--prefix', app, '--no-save', '--no-package-lock', '--prefer-offline', '--no-audit', '--no-fund', 'typescript@4.9.5'], { encoding: 'utf8', timeout: 110_000 });
    expect({ status: install.status, stderr: install.stderr }).toMatchObject({ status: 0 });
    mkdirSync(path.join(app, 'node_modules', '@types'), { recursive: true });
    for (const name of ['react', 'node']) symlinkSync(path.join(NODE_MODULES, '@types', name), path.join(app, 'node_modules', '@types', name));
    const lines: string[] = [];
    await build({ appDir: app, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}type-checked \(TypeScript 4\.9\.5, default configuration: the app has no tsconfig\.json\) in [\d.]+ s$/));
  }, 180_000);

  test('ignoreBuildErrors builds; without Node\'s and React\'s types, a warning; a JavaScript app is not checked', async () => {
    const lines: string[] = [];
    await build({ appDir: typedApp({ 'pages/index.tsx': BROKEN, 'next.config.js': 'module.exports = { typescript: { ignoreBuildErrors: true } };' }, null), outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
    expect(lines).toContain('  skipping validation of types (typescript.ignoreBuildErrors)');
    // Without Node's types (which next build requires too), a warning that names them.
    const untyped = tempApp({ 'pages/index.tsx': BROKEN });
    mkdirSync(path.join(untyped, 'node_modules'));
    symlinkSync(path.join(NODE_MODULES, 'typescript'), path.join(untyped, 'node_modules', 'typescript'));
    await build({ appDir: untyped, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
    expect(lines).toContain('  warning: TypeScript pages but no @types/node or @types/react installed: types are not checked (npm install --save-dev @types/node @types/react)');
    const js: string[] = [];
    await build({ appDir: typedApp({ 'pages/index.js': 'export default function Page() { return <p>js</p>; }', 'lib/broken.ts': "export const n: number = 'x';" }, null), outDir: outDir(), imageLambda: false, log: (line) => js.push(line) });
    expect(js.some((line) => /type-checked|validation of types/.test(line))).toBe(false);
  }, 120_000);
});

test('without a tsconfig.json and no TypeScript installed there is no check; with one and no TypeScript, a warning', async () => {
  const lines: string[] = [];
  await build({ appDir: tempApp({ 'pages/index.tsx': BROKEN }), outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines.some((line) => /type-checked|types are not checked/.test(line))).toBe(false);
  const untyped = tempApp({ 'tsconfig.json': TSCONFIG, 'pages/index.tsx': BROKEN });
  await build({ appDir: untyped, outDir: outDir(), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines).toContain('  warning: tsconfig.json but no typescript installed: types are not checked (npm install --save-dev typescript @types/react @types/node)');
}, 120_000);
