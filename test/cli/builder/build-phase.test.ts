/**
 * `process.env.NEXT_PHASE` while the build loads and prerenders the app's pages, as in `next
 * build`: the guard apps write around runtime-only work (database clients, secret reads, env
 * validation) takes its build branch, and the variable is as it was once the build is done.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { pageKey } from '../../../contract/output-layout';
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
  const { manifest } = await build({ appDir: app, outDir, imageLambda: false });
  const html = readFileSync(path.join(outDir, 'assets', '_app', 'pages', manifest.buildId, `${pageKey('en', '/')}.html`), 'utf8');
  expect(html).toContain('<p>phase-production-build<!-- -->|<!-- -->phase-production-build</p>');
  expect(process.env.NEXT_PHASE).toBeUndefined();
}, 120_000);
