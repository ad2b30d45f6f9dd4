/**
 * Large CommonJS modules of a server bundle are rewritten to compile eagerly: the bundle
 * behaves as before, and its source map still points every position at the same source.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { build as buildSite } from '../../../cli/builder/build';
import { compileModulesEagerly } from '../../../cli/builder/eager-modules';
import { SERVER_OPTIONS } from '../../../cli/builder/steps/bundle-render';
import { tempApp } from '../../helpers/temp-app';

const PADDING = 'padding that the minifier keeps ';

/** A CommonJS module of about `size` characters, whose functions throw errors named `<name>-<n>`. */
function bigModule(name: string, size: number, extra = ''): string {
  const lines = [`'use strict';`, extra];
  for (let n = 0; lines.join('\n').length < size; n++) {
    lines.push(`exports.f${n} = function f${n}(x) { if (x === ${n}) throw new Error('${name}-${n}'); return ${JSON.stringify(PADDING)} + x * ${n}; };`);
  }
  return lines.join('\n');
}

async function bundle(files: Record<string, string>): Promise<string> {
  const dir = tempApp(files, 'stratus-eager-');
  const outfile = path.join(dir, 'out', 'index.js');
  await build({ ...SERVER_OPTIONS, entryPoints: [path.join(dir, 'entry.js')], outfile, define: {}, nodePaths: [] });
  return outfile;
}

/** Where each `throw new Error('<label>')` of the bundle comes from, by its source map. */
function throwSites(file: string, labels: string[]): Record<string, { source: string; line: number; column: number }> {
  const code = readFileSync(file, 'utf8');
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const starts = [0, ...[...code.matchAll(/\n/g)].map((m) => m.index! + 1)];
  const sites: Record<string, { source: string; line: number; column: number }> = {};
  for (const label of labels) {
    const at = code.indexOf(`Error("${label}")`);
    expect(at).toBeGreaterThan(-1);
    const line = starts.findLastIndex((start) => start <= at);
    const entry = map.findEntry(line, at - starts[line]!) as { originalSource: string; originalLine: number; originalColumn: number };
    sites[label] = { source: path.basename(entry.originalSource), line: entry.originalLine, column: entry.originalColumn };
  }
  return sites;
}

const ENTRY = [
  "const big = require('./big.cjs');",
  "const small = require('./small.cjs');",
  "const other = require('./other.cjs');",
  "exports.run = (which, n, x) => ({ big, small, other })[which]['f' + n](x);",
  "exports.after = () => { throw new Error('entry-after'); };",
  "exports.self = () => big.self;",
].join('\n');

test('a large module is rewritten, small ones are not, and every error still maps to its own line and column', async () => {
  const file = await bundle({
    'entry.js': ENTRY,
    // `this` at a module's top level is its exports: kept so by the rewrite.
    'big.cjs': bigModule('big', 40_000, 'exports.self = this === module.exports;'),
    'small.cjs': bigModule('small', 2_000),
    'other.cjs': bigModule('other', 30_000),
  });
  const labels = ['big-0', 'big-100', 'small-3', 'other-0', 'other-50', 'entry-after'];
  const before = throwSites(file, labels);
  const original = readFileSync(file, 'utf8');
  expect(compileModulesEagerly(file)).toBe(2);
  const rewritten = readFileSync(file, 'utf8');
  expect(rewritten.match(/\(function\([\w$,]*\)\{"use strict";/g)).toHaveLength(2);
  expect(rewritten.match(/\}\)\.bind\(this\)\)/g)).toHaveLength(2);
  expect(original.match(/=>\{"use strict";/g)).toHaveLength(3);
  expect(throwSites(file, labels)).toEqual(before);

  const loaded = require(file) as { run(which: string, n: number, x: number): string; after(): never; self(): boolean };
  expect(() => loaded.run('big', 100, 100)).toThrow('big-100');
  expect(() => loaded.run('other', 50, 50)).toThrow('other-50');
  expect(loaded.run('big', 7, 2)).toBe(`${PADDING}14`);
  expect(loaded.run('small', 3, 2)).toBe(`${PADDING}6`);
  expect(() => loaded.after()).toThrow('entry-after');
  expect(loaded.self()).toBe(true);
});

test("a module that reads its wrapper's `arguments` is left as it is (a function would see its own)", async () => {
  const file = await bundle({
    'entry.js': "const big = require('./big.cjs');\nexports.count = () => big.count;",
    'big.cjs': bigModule('args', 20_000, 'exports.count = arguments.length;'),
  });
  const original = readFileSync(file, 'utf8');
  expect(compileModulesEagerly(file)).toBe(0);
  expect(readFileSync(file, 'utf8')).toBe(original);
  expect((require(file) as { count(): number }).count()).toBeGreaterThan(0);
});

test('a bundle without CommonJS modules is left as it is', async () => {
  const file = await bundle({ 'entry.js': 'export const answer = () => 42;' });
  const original = readFileSync(file, 'utf8');
  expect(compileModulesEagerly(file, 0)).toBe(0);
  expect(readFileSync(file, 'utf8')).toBe(original);
});

test('only modules required while the bundle loads: from its top level or, in turn, from such a module; not a lazy require or import()', async () => {
  const file = await bundle({
    'entry.js': [
      "const outer = require('./outer.cjs');",
      "exports.later = () => require('./lazy.cjs');",
      "exports.dynamic = () => import('./dynamic.cjs');",
      'exports.outer = outer;',
    ].join('\n'),
    // Required at load by outer.cjs, itself required at load.
    'outer.cjs': "exports.inner = require('./inner.cjs');",
    'inner.cjs': bigModule('inner', 30_000),
    'lazy.cjs': bigModule('lazy', 30_000),
    'dynamic.cjs': bigModule('dynamic', 30_000),
  });
  expect(compileModulesEagerly(file)).toBe(1);
  const code = readFileSync(file, 'utf8');
  const eager = code.match(/\(function\([\w$,]*\)\{"use strict";[^]*?\}\)\.bind\(this\)\)/g) ?? [];
  expect(eager).toHaveLength(1);
  expect(eager[0]).toContain('inner-0');
  const loaded = require(file) as { later(): Record<string, (x: number) => string>; dynamic(): Promise<Record<string, (x: number) => string>>; outer: { inner: Record<string, (x: number) => string> } };
  expect(loaded.outer.inner.f1!(2)).toBe(`${PADDING}2`);
  expect(loaded.later().f2!(1)).toBe(`${PADDING}2`);
  await expect(loaded.dynamic().then((m) => m.f3!(1))).resolves.toBe(`${PADDING}3`);
});

test("a build rewrites React's server renderer; the dev server's builds (eagerModules: false) skip the parse", async () => {
  const appDir = tempApp({ 'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n' });
  const bundleOf = async (eagerModules?: boolean) => {
    const outDir = tempApp({}, 'stratus-eager-out-');
    await buildSite({ appDir, outDir, imageLambda: false, ...(eagerModules === undefined ? {} : { eagerModules }) });
    return readFileSync(path.join(outDir, 'lambdas', 'render', 'app.js'), 'utf8');
  };
  expect((await bundleOf()).match(/\}\)\.bind\(this\)\)/g)).toHaveLength(1);
  expect(await bundleOf(false)).not.toContain('}).bind(this))');
});
