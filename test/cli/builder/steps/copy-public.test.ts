/**
 * The legacy `static/` folder (the one before `public/`): the pages router still serves
 * `<app>/static/x` at `/static/x` and warns that the folder is deprecated. The build ships its
 * files to the bucket under `static/`, as public files are (so `/static/*` gets a public
 * folder's behaviour), and says to move the folder to `public/static/`.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { copyPublic } from '../../../../cli/builder/steps/copy-public';
import { edgeBehaviours, selectBehaviour } from '../../../../contract/edge-behaviours';
import { tempApp } from '../../../helpers/temp-app';

const PAGE = 'export default function Home() { return <p>home</p>; }\n';
const assetsDir = () => mkdtempSync(path.join(tempApp({}), 'assets-'));

function copy(files: Record<string, string>) {
  const assets = assetsDir();
  const warnings: string[] = [];
  const urls = copyPublic(tempApp(files), assets, (message) => warnings.push(message));
  return { assets, warnings, urls, read: (file: string) => readFileSync(path.join(assets, file), 'utf8') };
}

test('static/ files are copied under static/ and listed as /static/… files, with a warning saying to move the folder', () => {
  const { urls, warnings, read } = copy({ 'pages/index.js': PAGE, 'static/hello.txt': 'hello', 'static/my logo.txt': 'logo', 'static/img/a.svg': '<svg/>', 'public/robots.txt': 'robots' });
  expect(urls).toEqual(['/robots.txt', '/static/hello.txt', '/static/img/a.svg', '/static/my logo.txt']);
  expect(read('static/hello.txt')).toBe('hello');
  expect(read('static/my logo.txt')).toBe('logo');
  expect(read('static/img/a.svg')).toBe('<svg/>');
  expect(read('robots.txt')).toBe('robots');
  expect(warnings).toEqual([expect.stringMatching(/^static\/: the legacy static folder is deprecated in the pages router; .*move the folder to public\/static\//)]);
  // Its files get a public folder's behaviour: the bucket first, the app for a path that is no file.
  const behaviour = selectBehaviour(edgeBehaviours(urls), '/static/hello.txt');
  expect(behaviour).toMatchObject({ pathPattern: '/static/*', origin: 'assets', failoverOrigin: 'render' });
});

test('a file in both static/ and public/static/ is static/\'s, as the pages router looks there first; the warning names it', () => {
  const { urls, warnings, read } = copy({ 'static/a.txt': 'from static/', 'public/static/a.txt': 'from public/static/', 'public/static/b.txt': 'only public' });
  expect(urls).toEqual(['/static/a.txt', '/static/b.txt']);
  expect(read('static/a.txt')).toBe('from static/');
  expect(read('static/b.txt')).toBe('only public');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('static/a.txt is also in public/static/: the static/ copy is served; keep one.');
});

test('without a static/ folder nothing changes and nothing is said; a file named static is no folder', () => {
  const apps: Record<string, string>[] = [{ 'public/static/a.txt': 'a', 'public/x.txt': 'x' }, { static: 'a file', 'public/static/a.txt': 'a', 'public/x.txt': 'x' }];
  for (const files of apps) {
    const { urls, warnings, assets } = copy(files);
    expect(urls).toEqual(['/static/a.txt', '/x.txt']);
    expect(warnings).toEqual([]);
    expect(existsSync(path.join(assets, 'static', 'a.txt'))).toBe(true);
  }
  expect(copy({ 'pages/index.js': PAGE }).urls).toEqual([]);
});

test('`stratus build` ships static/ to the bucket, lists its files, and prints the warning with its other lines', async () => {
  const app = tempApp({ 'pages/index.js': PAGE, 'static/hello.txt': 'hello from static/' });
  const outDir = path.join(app, '.out');
  const lines: string[] = [];
  const result = await build({ appDir: app, outDir, imageLambda: false, log: (line) => lines.push(line) });
  expect(result.manifest.publicFiles).toEqual(['/static/hello.txt']);
  expect(readFileSync(path.join(outDir, 'assets', 'static', 'hello.txt'), 'utf8')).toBe('hello from static/');
  expect(lines.join('\n')).toMatch(/ {2}warning: static\/: the legacy static folder is deprecated in the pages router; .*public\/static\//);
});
