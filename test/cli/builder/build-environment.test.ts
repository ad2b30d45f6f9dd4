/**
 * The environment the app's code meets while `stratus build` runs it, as under `next build`:
 * `process.env.NEXT_PHASE` while pages load and prerender (the guard apps write around
 * runtime-only work: database clients, secret reads, env validation), and `NODE_ENV`
 * `production` when unset, which configs branch on (Tailwind's purge, next.config.js). Each is
 * as it was once the build is done.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { prerenderedHtml } from '../../helpers/prerendered';
import { tempApp } from '../../helpers/temp-app';

test('a page module that refuses to load outside the build phase prerenders, and sees the phase in getStaticProps', async () => {
  const app = tempApp({
    'lib/db.ts': `if (process.env.NEXT_PHASE !== 'phase-production-build') throw new Error('connecting to the database (NEXT_PHASE=' + process.env.NEXT_PHASE + ')');
export const phaseAtLoad = process.env.NEXT_PHASE;`,
    'pages/index.tsx': `import { phaseAtLoad } from '../lib/db';
export function getStaticProps() { return { props: { atLoad: phaseAtLoad, inProps: process.env.NEXT_PHASE } }; }
export default function Home({ atLoad, inProps }: { atLoad: string; inProps: string }) { return <p>{atLoad}|{inProps}</p>; }`,
  }, 'stratus-phase-');
  const outDir = path.join(app, '.out');
  expect(process.env.NEXT_PHASE).toBeUndefined();
  await build({ appDir: app, outDir, imageLambda: false });
  const html = prerenderedHtml(outDir, '/');
  expect(html).toContain('<p>phase-production-build<!-- -->|<!-- -->phase-production-build</p>');
  expect(process.env.NEXT_PHASE).toBeUndefined();
}, 120_000);

test('NODE_ENV unset: next.config.js and the PostCSS config see production, as under next build', () => {
  const app = tempApp({
    'next.config.js': 'module.exports = { env: { CONFIG_SAW: String(process.env.NODE_ENV) } };',
    'postcss.config.js': "require('fs').writeFileSync(require('path').join(__dirname, 'postcss-saw.txt'), String(process.env.NODE_ENV)); module.exports = { plugins: [] };",
    'styles.css': 'p { color: red; }',
    // A postcss with its API's shape, passing the CSS through: the config file is what is watched here.
    'node_modules/postcss/package.json': '{ "name": "postcss", "version": "8.0.0" }',
    'node_modules/postcss/index.js': 'module.exports = () => ({ process: async (css) => ({ css }) });',
    'pages/_app.tsx': "import '../styles.css';\nexport default function App({ Component, pageProps }: any) { return <Component {...pageProps} />; }",
    'pages/index.tsx': 'export default function Home() { return <p>{process.env.CONFIG_SAW}</p>; }',
  }, 'stratus-node-env-');
  const outDir = path.join(app, '.out');
  const env = { ...process.env };
  delete env.NODE_ENV;
  const run = spawnSync(process.execPath, [path.join(__dirname, '..', '..', '..', 'bin', 'stratus.js'), 'build', app, '--no-image', '--out', outDir], { env, encoding: 'utf8', timeout: 120_000 });
  expect({ status: run.status, stderr: run.status === 0 ? '' : run.stderr }).toEqual({ status: 0, stderr: '' });
  expect(prerenderedHtml(outDir, '/')).toContain('<p>production</p>');
  expect(readFileSync(path.join(app, 'postcss-saw.txt'), 'utf8')).toBe('production');
}, 120_000);
