/**
 * `instrumentation-client.ts` in the browser build (bundle-client.ts, entrySource): its code
 * is in the first load's shared chunk, ahead of `_app`'s, with no script more; an app
 * without the file loads what it loaded before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { tempApp } from '../../helpers/temp-app';

const APP = "globalThis.__marks = 'app module';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n";
const PAGE = 'export default function Home() { return <p>home</p>; }\n';

/** The app's first load of `/`: its scripts' URLs and their text, in the manifest's order. */
async function firstLoad(files: Record<string, string>): Promise<{ entryScripts: string[]; pageScripts: string[]; text: string[] }> {
  const dir = tempApp(files, 'stratus-ic-build-');
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const page = manifest.routes.find((route) => route.pattern === '/')!;
  const text = manifest.entryScripts.map((url) => readFileSync(path.join(outDir, 'assets', url), 'utf8'));
  return { entryScripts: manifest.entryScripts, pageScripts: page.scripts, text };
}

test('the file runs from the shared chunk before _app, with no script more; without it, nothing of it', async () => {
  const files = { 'pages/_app.js': APP, 'pages/index.js': PAGE };
  const withFile = await firstLoad({ ...files, 'instrumentation-client.ts': "(globalThis as any).__marks = 'instrumentation-client';\nexport {};\n" });
  const without = await firstLoad(files);
  expect(withFile.entryScripts).toHaveLength(without.entryScripts.length);
  expect(withFile.pageScripts).toHaveLength(without.pageScripts.length);
  const [main, shared] = withFile.text;
  expect(main).not.toContain('instrumentation-client');
  expect(shared!.indexOf('"instrumentation-client"')).toBeGreaterThan(-1);
  expect(shared!.indexOf('"instrumentation-client"')).toBeLessThan(shared!.indexOf('"app module"'));
  expect(without.text.join('\n')).not.toContain('instrumentation-client');
});
