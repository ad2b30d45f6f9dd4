/**
 * Server packages the render bundle cannot hold (cli/builder/server-packages.ts): a package
 * with a native addon, or one the config's `serverExternalPackages` names, is required at run
 * time from the function's own `node_modules`, copied there with what it requires. Built with
 * the real build and served by the local server: classic-level (LevelDB, a native addon with
 * prebuilds for each platform, installed here for the tests' DynamoDB server) writes and reads
 * a database from an API route, as bcrypt or better-sqlite3 would.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { addonMachine, addonMachines } from '../../../cli/builder/native-binaries';
import { copyServerPackages, isNativePackage } from '../../../cli/builder/server-packages';
import { packageDirFrom } from '../../../cli/builder/package-paths';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { tempApp } from '../../helpers/temp-app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLASSIC_LEVEL = packageDirFrom('classic-level', path.dirname(require.resolve('dynalite/package.json')))!;

/** A package that reads a file of its own by `__dirname`, as pdfkit reads its fonts. */
function writeFileReader(appDir: string): void {
  const dir = path.join(appDir, 'node_modules', 'reads-own-file');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'reads-own-file', version: '1.0.0', main: 'index.js' }));
  writeFileSync(path.join(dir, 'index.js'), "module.exports = () => require('fs').readFileSync(require('path').join(__dirname, 'data.txt'), 'utf8');\n");
  writeFileSync(path.join(dir, 'data.txt'), 'from the package folder');
}

function nativeApp(config = ''): string {
  const app = tempApp({
    'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
    'pages/api/level.ts': `import { ClassicLevel } from 'classic-level';
import os from 'node:os';
import path from 'node:path';
export default async function handler(req: any, res: any) {
  const db = new ClassicLevel(path.join(os.tmpdir(), 'stratus-level-' + process.pid + '-' + Date.now()));
  await db.put('greeting', String(req.query.say));
  const value = await db.get('greeting');
  await db.close();
  res.json({ value });
}
`,
    'pages/api/own-file.ts': `import read from 'reads-own-file';
export default function handler(req: any, res: any) { res.json({ text: read() }); }
`,
    ...(config ? { 'next.config.js': config } : {}),
  }, 'stratus-native-');
  mkdirSync(path.join(app, 'node_modules'), { recursive: true });
  symlinkSync(CLASSIC_LEVEL, path.join(app, 'node_modules', 'classic-level'), 'dir');
  writeFileReader(app);
  return app;
}

describe('names and kinds of packages', () => {
  test('a package with a native addon is told by its package.json, build files or .node files; a plain one is not', () => {
    expect(isNativePackage(CLASSIC_LEVEL)).toBe(true);
    expect(isNativePackage(path.join(ROOT, 'node_modules', 'react'))).toBe(false);
    const app = tempApp({
      'node_modules/napi/package.json': JSON.stringify({ name: 'napi', optionalDependencies: { 'napi-linux-arm64-gnu': '1.0.0' } }),
      'node_modules/addon-file/package.json': JSON.stringify({ name: 'addon-file' }),
      'node_modules/addon-file/lib/binding/x.node': '',
      'node_modules/plain/package.json': JSON.stringify({ name: 'plain', dependencies: { react: '*' } }),
    });
    expect(isNativePackage(path.join(app, 'node_modules', 'napi'))).toBe(true);
    expect(isNativePackage(path.join(app, 'node_modules', 'addon-file'))).toBe(true);
    expect(isNativePackage(path.join(app, 'node_modules', 'plain'))).toBe(false);
  });

  test('an addon\'s machine is read from its header', () => {
    expect(addonMachine(path.join(CLASSIC_LEVEL, 'prebuilds', 'linux-x64', 'classic-level.node'))).toBe('linux-x64');
    expect(addonMachine(path.join(CLASSIC_LEVEL, 'prebuilds', 'linux-arm64', 'classic-level.armv8.node'))).toBe('linux-arm64');
    expect(addonMachine(path.join(CLASSIC_LEVEL, 'prebuilds', 'win32-x64', 'classic-level.node'))).toBe('other');
    expect(addonMachine(path.join(CLASSIC_LEVEL, 'package.json'))).toBe('other');
    expect(addonMachines(CLASSIC_LEVEL)).toEqual(new Set(['linux-x64', 'linux-arm64', 'other']));
  });
});

describe('a native package in an API route', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer(nativeApp("module.exports = { serverExternalPackages: ['reads-own-file'] };\n"));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('is required from the function\'s node_modules, with what it requires, and works', async () => {
    const answer = await fetch(`${server.base}/api/level?say=hello%20there`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ value: 'hello there' });
    const modules = path.join(server.outDir, 'lambdas', 'render', 'node_modules');
    for (const name of ['classic-level', 'node-gyp-build', 'abstract-level', 'module-error']) expect({ name, copied: existsSync(path.join(modules, name, 'package.json')) }).toEqual({ name, copied: true });
    // Real files, not links to the build machine's: Lambda's zip holds what is there.
    expect(existsSync(path.join(modules, 'classic-level', 'prebuilds', 'linux-arm64', 'classic-level.armv8.node'))).toBe(true);
    expect(readFileSync(path.join(server.outDir, 'lambdas', 'render', 'app.js'), 'utf8')).toContain('require("classic-level")');
    expect(server.output()).toMatch(/packages required at run time, shipped with the render function: classic-level \(native addon\), reads-own-file and \d+ they require/);
    // Its prebuilds cover Lambda's machine: no warning.
    expect(server.output()).not.toContain('warning: classic-level');
  });

  test('serverExternalPackages: a package reading its own file by __dirname finds it', async () => {
    const answer = await fetch(`${server.base}/api/own-file`);
    expect(await answer.json()).toEqual({ text: 'from the package folder' });
  });
});

describe('what a shipped package requires comes with it', () => {
  let server: LocalServer;
  const pkg = (name: string, json: object, main: string) => ({
    [`node_modules/${name}/package.json`]: JSON.stringify({ name: name.split('/node_modules/').pop(), version: '1.0.0', main: 'index.js', ...json }),
    [`node_modules/${name}/index.js`]: main,
  });
  beforeAll(async () => {
    const app = tempApp({
      'next.config.js': "module.exports = { serverExternalPackages: ['outer', 'by-name'] };\n",
      'pages/api/chain.ts': "import outer from 'outer';\nexport default function handler(req: any, res: any) { res.json(outer()); }\n",
      // Loaded by a name the bundler never sees, as pino loads its transport targets.
      'pages/api/by-name.ts': "export default function handler(req: any, res: any) { const name = ['by', 'name'].join('-'); res.json({ said: require(name) }); }\n",
      // npm nested inner@2 inside outer (another package wanted inner@1 at the top); inner@2's own dependency, leaf, is at the top.
      ...pkg('outer', { dependencies: { inner: '2' }, peerDependencies: { peer: '*', next: '*' } }, "module.exports = () => ({ inner: require('inner')(), peer: require('peer') });\n"),
      ...pkg('outer/node_modules/inner', { version: '2.0.0', dependencies: { leaf: '1' } }, "module.exports = () => 'inner 2 with ' + require('leaf');\n"),
      ...pkg('inner', {}, "module.exports = () => 'inner 1';\n"),
      ...pkg('leaf', {}, "module.exports = 'leaf';\n"),
      ...pkg('peer', {}, "module.exports = 'peer';\n"),
      ...pkg('next', {}, "module.exports = 'the real next';\n"),
      ...pkg('by-name', {}, "module.exports = 'loaded by name';\n"),
    }, 'stratus-shipped-');
    server = await startLocalServer(app);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('a dependency npm nested inside the package brings its own dependencies; installed peers come too, Next never', async () => {
    expect(await (await fetch(`${server.base}/api/chain`)).json()).toEqual({ inner: 'inner 2 with leaf', peer: 'peer' });
    const modules = path.join(server.outDir, 'lambdas', 'render', 'node_modules');
    expect(existsSync(path.join(modules, 'leaf', 'index.js'))).toBe(true);
    expect(existsSync(path.join(modules, 'next'))).toBe(false);
  });

  test('a package serverExternalPackages names is shipped though no import names it', async () => {
    expect(await (await fetch(`${server.base}/api/by-name`)).json()).toEqual({ said: 'loaded by name' });
  });
});

describe('what the build says', () => {
  test('without serverExternalPackages a package reading its own files is left out of the bundle all the same, and the build says so; one rendering with React stays in', async () => {
    const app = nativeApp();
    // A component library that reads a file of its own: left out, it would get a React of its own.
    mkdirSync(path.join(app, 'node_modules', 'react-reader'), { recursive: true });
    writeFileSync(path.join(app, 'node_modules', 'react-reader', 'package.json'), JSON.stringify({ name: 'react-reader', version: '1.0.0', main: 'index.js', peerDependencies: { react: '*' } }));
    writeFileSync(path.join(app, 'node_modules', 'react-reader', 'index.js'), "module.exports = () => require('fs').existsSync(require('path').join(__dirname, 'theme.css'));\n");
    writeFileSync(path.join(app, 'pages', 'api', 'react-reader.ts'), "import read from 'react-reader';\nexport default function handler(req: any, res: any) { res.json({ found: read() }); }\n");
    // A require of its own loading the package's `imports` (pdfkit's fonts): the bundler cannot follow it.
    const own = path.join(app, 'node_modules', 'own-imports');
    mkdirSync(own, { recursive: true });
    writeFileSync(path.join(own, 'package.json'), JSON.stringify({ name: 'own-imports', version: '1.0.0', main: 'index.js', imports: { '#font': './font.js' } }));
    writeFileSync(path.join(own, 'index.js'), "const load = require('module').createRequire(__filename);\nmodule.exports = () => load('#font');\n");
    writeFileSync(path.join(own, 'font.js'), "module.exports = 'Helvetica';\n");
    writeFileSync(path.join(app, 'pages', 'api', 'font.ts'), "import font from 'own-imports';\nexport default function handler(req: any, res: any) { res.json({ font: font() }); }\n");
    const outDir = path.join(app, '.out');
    const lines: string[] = [];
    await build({ appDir: app, outDir, imageLambda: false, log: (line) => lines.push(line) });
    const modules = path.join(outDir, 'lambdas', 'render', 'node_modules');
    expect(existsSync(path.join(modules, 'own-imports', 'font.js'))).toBe(true);
    expect(existsSync(path.join(modules, 'reads-own-file', 'data.txt'))).toBe(true);
    expect(existsSync(path.join(modules, 'classic-level'))).toBe(true);
    expect(existsSync(path.join(modules, 'react-reader'))).toBe(false);
    expect(lines).toContain('  left out of the bundle, since they read their own files where they are installed: own-imports, reads-own-file');
  }, 120_000);

  test('a native package ships without its build leftovers (object files, C sources)', () => {
    const app = tempApp({
      'node_modules/addon/package.json': JSON.stringify({ name: 'addon', version: '1.0.0', gypfile: true }),
      'node_modules/addon/index.js': "module.exports = require('./build/Release/addon.node');\n",
      'node_modules/addon/build/Release/addon.node': 'binary',
      'node_modules/addon/build/Release/obj.target/addon/src/addon.o': 'object',
      'node_modules/addon/src/addon.cc': 'source',
      'node_modules/addon/deps/lib/lib.h': 'header',
      'node_modules/addon/lib/helper.js': 'module.exports = 1;',
    });
    const lambdaDir = path.join(app, 'fn');
    copyServerPackages([{ name: 'addon', dir: path.join(app, 'node_modules', 'addon') }], lambdaDir);
    const shipped = (file: string) => existsSync(path.join(lambdaDir, 'node_modules', 'addon', file));
    expect(['index.js', 'build/Release/addon.node', 'lib/helper.js', 'package.json'].filter(shipped)).toHaveLength(4);
    expect(['build/Release/obj.target', 'src/addon.cc', 'deps/lib/lib.h'].filter(shipped)).toEqual([]);
  });

  test('a native addon built for another machine than Lambda\'s is a warning with the fixes; the matching architecture is none', async () => {
    const app = tempApp({
      'pages/api/x.ts': "import addon from 'x64-only';\nexport default function handler(req: any, res: any) { res.json({ type: typeof addon }); }\n",
      'node_modules/x64-only/package.json': JSON.stringify({ name: 'x64-only', version: '1.0.0', main: 'index.js', gypfile: true }),
      'node_modules/x64-only/index.js': "module.exports = require('./build/Release/addon.node');\n",
    }, 'stratus-native-x64-');
    mkdirSync(path.join(app, 'node_modules', 'x64-only', 'build', 'Release'), { recursive: true });
    cpSync(path.join(CLASSIC_LEVEL, 'prebuilds', 'linux-x64', 'classic-level.node'), path.join(app, 'node_modules', 'x64-only', 'build', 'Release', 'addon.node'));
    const lines: string[] = [];
    await build({ appDir: app, outDir: path.join(app, '.arm'), imageLambda: false, log: (line) => lines.push(line) });
    const warning = lines.find((line) => line.includes('warning: x64-only'));
    expect(warning).toContain('the installed copy has a build for linux-x64 only; the render function runs on linux-arm64 in AWS');
    expect(warning).toContain('npm install --os=linux --cpu=arm64 x64-only');
    const x64: string[] = [];
    await build({ appDir: app, outDir: path.join(app, '.x64'), imageLambda: false, arch: 'x64', log: (line) => x64.push(line) });
    expect(x64.join('\n')).not.toContain('warning: x64-only');
  }, 120_000);

  test('a binary in a package per platform (napi-rs, sharp\'s @img/…) counts for the package that requires it', async () => {
    const app = tempApp({
      'pages/api/x.ts': "import addon from 'per-platform';\nexport default function handler(req: any, res: any) { res.json({ type: typeof addon }); }\n",
      'node_modules/per-platform/package.json': JSON.stringify({ name: 'per-platform', version: '1.0.0', main: 'index.js', optionalDependencies: { '@bin/per-platform-linux-x64': '1.0.0' } }),
      'node_modules/per-platform/index.js': "module.exports = require('@bin/per-platform-linux-x64/addon.node');\n",
      'node_modules/@bin/per-platform-linux-x64/package.json': JSON.stringify({ name: '@bin/per-platform-linux-x64', version: '1.0.0' }),
    }, 'stratus-native-platform-');
    cpSync(path.join(CLASSIC_LEVEL, 'prebuilds', 'linux-x64', 'classic-level.node'), path.join(app, 'node_modules', '@bin', 'per-platform-linux-x64', 'addon.node'));
    const x64: string[] = [];
    await build({ appDir: app, outDir: path.join(app, '.x64'), imageLambda: false, arch: 'x64', log: (line) => x64.push(line) });
    expect(x64.join('\n')).toContain('packages required at run time, shipped with the render function: per-platform (native addon) and 1 they require');
    expect(x64.join('\n')).not.toContain('warning: per-platform');
    const arm: string[] = [];
    await build({ appDir: app, outDir: path.join(app, '.arm'), imageLambda: false, log: (line) => arm.push(line) });
    expect(arm.join('\n')).toContain('warning: per-platform loads a native addon, and the installed copy has a build for linux-x64 only');
  }, 120_000);
});
