import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { loadEnv } from '../../../../cli/builder/steps/load-env';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

const appWith = (files: Record<string, string>) => tempApp(files, 'stratus-env-');

describe('loadEnv', () => {
  test('the stronger file wins, the environment wins over every file, and restore takes back only what the files set', () => {
    const dir = appWith({
      '.env': 'A=env\nB=env\nC=env\nNEXT_PUBLIC_X=env\n',
      '.env.production': 'B=production\nC=production\n',
      '.env.local': 'C=local\n',
      '.env.development': 'A=development\n',
    });
    const env: NodeJS.ProcessEnv = { A: 'outside' };
    const loaded = loadEnv(dir, 'production', env);
    expect(loaded.files).toEqual(['.env.local', '.env.production', '.env']);
    expect(env).toMatchObject({ A: 'outside', B: 'production', C: 'local', NEXT_PUBLIC_X: 'env' });
    expect({ ...loaded.publicEnv }).toEqual({ NEXT_PUBLIC_X: 'env' });
    expect(loaded.serverOnly.sort()).toEqual(['B', 'C']);
    loaded.restore();
    expect(env).toEqual({ A: 'outside' });
  });

  test('no files: nothing read, public variables still come from the environment', () => {
    const loaded = loadEnv(appWith({}), 'production', { NEXT_PUBLIC_Y: '1', SECRET: 's' });
    expect(loaded.files).toEqual([]);
    expect({ ...loaded.publicEnv }).toEqual({ NEXT_PUBLIC_Y: '1' });
  });
});

test('NEXT_PUBLIC_* is inlined in server and browser code alike; nothing else reaches the browser, and process.env there never throws', async () => {
  const dir = appWith({
    '.env': 'NEXT_PUBLIC_API_URL=https://api.example\nDB_PASSWORD=hunter2\n',
    'pages/index.tsx': [
      'export default function Home({ fromData }: { fromData: string }) {',
      '  return <p>{process.env.NEXT_PUBLIC_API_URL} {String(process.env.NOT_SET)} {fromData}</p>;',
      '}',
      'export function getStaticProps() { return { props: { fromData: process.env.DB_PASSWORD === "hunter2" ? "data ok" : "no" } }; }',
    ].join('\n'),
  });
  const outDir = path.join(dir, '.stratus');
  const lines: string[] = [];
  await build({ appDir: dir, outDir, imageLambda: false, log: (l) => lines.push(l) });
  expect(lines).toContain('  environment from .env');
  const html = prerenderedHtml(outDir, '/');
  expect(html).toContain('<p>https://api.example<!-- --> <!-- -->undefined<!-- --> <!-- -->data ok</p>');
  const chunks = path.join(outDir, 'assets/_app/static/chunks');
  const browserCode = readdirSync(chunks).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(chunks, f), 'utf8')).join('\n');
  expect(browserCode).toContain('https://api.example');
  expect(browserCode).not.toContain('hunter2');
  expect(browserCode).not.toMatch(/process\.env/);
  // The build's own environment is left as it was.
  expect(process.env.DB_PASSWORD).toBeUndefined();
});

test('a build names the server-only variables of .env files, which the render function does not get at request time', async () => {
  const dir = appWith({
    '.env': 'DATABASE_URL=postgres://x\nNEXT_PUBLIC_SITE=s\n',
    'pages/index.jsx': 'export default function Home() { return <p>home</p>; }',
  });
  const lines: string[] = [];
  await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (l) => lines.push(l) });
  expect(lines).toContain(
    '  warning: DATABASE_URL from .env: seen while building (prerendering), not by getServerSideProps or API routes at request time; set them as the render function\'s environment or secrets (README, "Your own CDK app")',
  );
});
