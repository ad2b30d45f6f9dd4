/**
 * `import.meta` in packages' ES modules, in the render bundle (CommonJS): a file a package
 * names by `new URL('./data.txt', import.meta.url)` ships beside the function under its
 * content hash and is read from there wherever the function's folder is; `createRequire` and
 * `fileURLToPath` get the bundle's own file URL. Served as Lambda runs the function: its
 * folder copied elsewhere (as /var/task), the app's packages gone, the folder the working
 * directory.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { importMetaUrlPlugin, rewriteImportMeta } from '../../../../cli/builder/plugins/import-meta-url';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { fromCopiedFunction } from '../../../helpers/function-folder';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

const apps: BuiltApp[] = [];
afterAll(() => {
  apps.forEach((app) => app.cleanup());
});

const PACKAGES = {
  // Reads its data file beside it at its top, as @vercel/og reads its WebAssembly and font.
  'node_modules/greeting-data/package.json': JSON.stringify({ name: 'greeting-data', type: 'module', exports: './index.js' }),
  'node_modules/greeting-data/index.js': "import { readFileSync } from 'node:fs';\nexport const greeting = readFileSync(new URL('./data.txt', import.meta.url), 'utf8').trim();\nexport const dataUrl = new URL(\"./data.txt\", import.meta.url).href;\n",
  'node_modules/greeting-data/data.txt': 'Hello from a package data file\n',
  // A require of its own, and its own path.
  'node_modules/own-require/package.json': JSON.stringify({ name: 'own-require', type: 'module', exports: './index.js' }),
  'node_modules/own-require/index.js':
    "import { createRequire } from 'node:module';\nimport { fileURLToPath } from 'node:url';\nconst require = createRequire(import.meta.url);\nexport const sep = require('node:path').sep;\nexport const file = fileURLToPath(import.meta.url);\nexport const dir = import.meta.dirname;\n",
};

test("a package's `new URL('./data.txt', import.meta.url)` and `createRequire(import.meta.url)` work in the function, wherever its folder is", async () => {
  const dir = tempApp({
    ...PACKAGES,
    'pages/index.js':
      "import { greeting, dataUrl } from 'greeting-data';\nimport { sep, file, dir } from 'own-require';\nexport default function Home(props) { return <p id=\"out\">{JSON.stringify(props)}</p>; }\nexport function getServerSideProps() { return { props: { greeting, dataUrl, sep, file, dir } }; }\n",
  });
  const app = await buildApp(dir);
  apps.push(app);
  const render = path.join(app.outDir, 'lambdas', 'render');
  const assets = readdirSync(path.join(render, 'assets'));
  expect(assets).toEqual([expect.stringMatching(/^data-[A-Z0-9]{8}\.txt$/)]);
  expect(readFileSync(path.join(render, 'assets', assets[0]!), 'utf8')).toBe('Hello from a package data file\n');
  // Nothing of the build machine's paths in the bundle: the file is found from where the bundle runs.
  expect(readFileSync(path.join(render, 'app.js'), 'utf8')).not.toContain(dir);
  // The app's packages are not there when the function runs.
  rmSync(path.join(dir, 'node_modules'), { recursive: true });

  const answer = await fromCopiedFunction(app, async (handler, taskDir) => ({ response: await handler(functionUrlEvent('/')), taskDir }));
  expect(answer.response.statusCode).toBe(200);
  const props = JSON.parse(answer.response.body!.match(/<p id="out">(.*?)<\/p>/)![1]!.replace(/&quot;/g, '"')) as Record<string, string>;
  expect(props).toEqual({
    greeting: 'Hello from a package data file',
    dataUrl: `file://${answer.taskDir}/assets/${assets[0]}`,
    sep: path.sep,
    file: path.join(answer.taskDir, 'app.js'),
    dir: answer.taskDir,
  });
}, 120_000);

test('the bundle of an app whose packages read no import.meta is what it was: no assets folder, no code added', async () => {
  const app = await buildApp(tempApp({
    'node_modules/plain-esm/package.json': JSON.stringify({ name: 'plain-esm', type: 'module', exports: './index.js' }),
    // import.meta named only in a string and a comment: left as written.
    'node_modules/plain-esm/index.js': "// reads nothing through import.meta.url\nexport const note = 'see import.meta.url';\n",
    'pages/index.js': "import { note } from 'plain-esm';\nexport default function Home() { return <p id=\"note\">{note}</p>; }\nexport function getServerSideProps() { return { props: {} }; }\n",
  }));
  apps.push(app);
  const render = path.join(app.outDir, 'lambdas', 'render');
  expect(existsSync(path.join(render, 'assets'))).toBe(false);
  const code = readFileSync(path.join(render, 'app.js'), 'utf8');
  expect(code).not.toMatch(/pathToFileURL|stratus-import-meta/);
  expect((await app.handler(functionUrlEvent('/'))).body).toContain('<p id="note">see import.meta.url</p>');
}, 120_000);

describe('rewriteImportMeta', () => {
  test('a literal URL naming a file beside the module becomes an import of that file; others keep the bundle URL', async () => {
    const dir = tempApp({ 'node_modules/kit/a.wasm': 'x', 'node_modules/kit/index.js': '' });
    const file = path.join(dir, 'node_modules/kit/index.js');
    const code = (await rewriteImportMeta(file, "export const a = new URL('./a.wasm', import.meta.url);\nexport const gone = new URL('./missing.bin', import.meta.url);\nexport const remote = new URL('https://example.com/x', import.meta.url);\nexport const dynamic = new URL(`./${name}.wasm`, import.meta.url);\n", false))!;
    expect(code).toContain('new URL(__stratusUrlAsset0, __stratusImportMetaUrl)');
    expect(code).toContain(`import __stratusUrlAsset0 from ${JSON.stringify(`stratus-url-asset:${path.join(dir, 'node_modules/kit/a.wasm')}`)};`);
    expect(code).toContain('new URL("./missing.bin", __stratusImportMetaUrl)');
    expect(code).toContain('new URL("https://example.com/x", __stratusImportMetaUrl)');
    expect(code).toContain('`./${name}.wasm`, __stratusImportMetaUrl)');
    expect(code).toContain('import { url as __stratusImportMetaUrl } from "stratus-import-meta:bundle";');
  });

  test('a module that names import.meta only in strings and comments is left alone', async () => {
    expect(await rewriteImportMeta('/x/node_modules/kit/index.js', "module.exports = 'import.meta.url'; // import.meta\n", false)).toBeUndefined();
  });

  test("the app's own files are not transformed: only packages are", async () => {
    const dir = tempApp({ 'lib/own.js': 'export const url = import.meta.url;\n' });
    const result = await build({
      stdin: { contents: "export { url } from './lib/own.js';", resolveDir: dir },
      bundle: true, write: false, format: 'cjs', platform: 'node', logLevel: 'silent', plugins: [importMetaUrlPlugin()],
    });
    expect(result.outputFiles[0]!.text).toContain('import_meta.url');
    expect(result.outputFiles[0]!.text).not.toContain('__stratusImportMeta');
  });
});
