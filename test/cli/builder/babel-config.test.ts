/**
 * The app's own Babel config (.babelrc, babel.config.js, …), applied to its own files as
 * `next build` applies it: its plugins and presets resolved from the app, `next/babel` as
 * Stratus's stand-in (styled-jsx with the app's options), `env.production` for a build.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import { findBabelConfig, loadBabelConfig } from '../../../cli/builder/babel-config';
import { compilerTransform } from '../../../cli/builder/compiler-transforms';
import { NODE_MODULES } from '../../../cli/paths';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

/** A plugin of the app's own: every string 'hello' becomes 'HELLO from Babel'. */
const SHOUT = `module.exports = ({ types: t }) => ({ visitor: { StringLiteral(p) { if (p.node.value === 'hello') p.replaceWith(t.stringLiteral('HELLO from Babel')); } } });`;
const SASS_PAGE = `export default function Page({ n }: { n: number }) {
  return <div className="card"><p className="title">{n}</p><style jsx>{\`$accent: rebeccapurple; .card { .title { color: $accent; } }\`}</style></div>;
}`;

/** An app folder with these files and the named packages of Stratus's node_modules installed. */
function app(files: Record<string, string>, packages: string[] = []): string {
  const dir = tempApp(files, 'stratus-babel-');
  for (const name of packages) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(NODE_MODULES, name), path.join(dir, 'node_modules', name));
  }
  return dir;
}

function transformIn(dir: string, file: string, source: string, compiler = {}): string {
  const babel = loadBabelConfig(dir, { cacheDir: path.join(dir, '.cache') });
  return compilerTransform(dir, compiler, babel)(path.join(dir, file), source);
}

describe("the app's Babel config", () => {
  test('a .babelrc plugin, by its short name and resolved from the app, changes the output; TypeScript stays for esbuild', () => {
    const dir = app({ '.babelrc': '{ // JSON5, as Babel reads it\n "plugins": ["styled-components", "./shout.js"] }', 'shout.js': SHOUT }, ['babel-plugin-styled-components']);
    const out = transformIn(dir, 'pages/index.tsx', "import styled from 'styled-components';\nexport const Box = styled.div`color: red;`;\nexport const say = (n: number): string => 'hello';\nexport default () => <Box>{say(1)}</Box>;");
    expect(out).toMatch(/componentId: "sc-/);
    expect(out).toContain('"HELLO from Babel"');
    expect(out).toContain('(n: number): string');
    expect(() => transformSync(out, { loader: 'tsx' })).not.toThrow();
  });

  test('every app file goes through it, those that need no step too; .js keeps its JSX', () => {
    const dir = app({ '.babelrc.json': '{ "plugins": ["./shout.js"] }', 'shout.js': SHOUT });
    expect(transformIn(dir, 'lib/words.js', "export const A = () => <p>{'hello'}</p>;")).toContain('<p>{"HELLO from Babel"}</p>');
  });

  test("next/babel, with or without next installed, is styled-jsx with the app's options: @styled-jsx/plugin-sass compiles the Sass in <style jsx>, once", () => {
    const dir = app({ '.babelrc': JSON.stringify({ presets: [['next/babel', { 'styled-jsx': { plugins: ['@styled-jsx/plugin-sass'] } }]] }) }, ['@styled-jsx']);
    const out = transformIn(dir, 'pages/index.tsx', SASS_PAGE);
    expect(out).toMatch(/\.card\.jsx-\d+ \.title\.jsx-\d+\{color:rebeccapurple;?\}/);
    expect(out).not.toContain('$accent');
    expect(out.match(/styled-jsx\/style/g)).toHaveLength(1);
    expect(out).toMatch(/^import ".*styled-jsx-collector\.ts";/);
    expect(out).toContain('{ n }: {n: number;}');
    // A config without next/babel keeps the build's own styled-jsx step.
    const plain = app({ '.babelrc': '{ "plugins": [] }' });
    expect(transformIn(plain, 'pages/index.tsx', 'export default () => <p>x<style jsx>{`p { color: red; }`}</style></p>;')).toMatch(/p\.jsx-\d+\{color:red;?\}/);
  });

  test('next/dist/build/babel/preset is next/babel too; env.production applies to a build, env.development does not', () => {
    const dir = app({
      'babel.config.json': JSON.stringify({ presets: ['next/dist/build/babel/preset'], env: { production: { plugins: ['./shout.js'] }, development: { plugins: ['./missing-in-dev-only.js'] } } }),
      'shout.js': SHOUT,
      'missing-in-dev-only.js': 'module.exports = () => { throw new Error("development plugin ran"); };',
    });
    const out = transformIn(dir, 'pages/index.tsx', "export default () => <p>{'hello'}<style jsx>{`p { color: red; }`}</style></p>;");
    expect(out).toContain('"HELLO from Babel"');
    expect(out.match(/styled-jsx\/style/g)).toHaveLength(1);
  });

  test('babel.config.js, a function of the API as Babel calls it, and .mjs', () => {
    const js = app({ 'babel.config.js': "module.exports = (api) => { api.cache(true); return { plugins: api.env('production') ? ['./shout.js'] : [] }; };", 'shout.js': SHOUT });
    expect(transformIn(js, 'a.ts', "export const s = 'hello';")).toContain('"HELLO from Babel"');
    const mjs = app({ 'babel.config.mjs': "import path from 'node:path';\nexport default { plugins: [path.join(import.meta.dirname, 'shout.js')] };", 'shout.js': SHOUT });
    expect(transformIn(mjs, 'a.ts', "export const s = 'hello';")).toContain('"HELLO from Babel"');
  });

  test('no config: none found, and a file that needs no step is returned unparsed', () => {
    const dir = app({ 'pages/index.tsx': '' });
    expect(findBabelConfig(dir)).toBeUndefined();
    expect(loadBabelConfig(dir, { cacheDir: path.join(dir, '.cache') })).toBeUndefined();
    const source = 'export const A = () => <p>plain</p>;';
    expect(compilerTransform(dir, {}, undefined)(path.join(dir, 'pages/a.tsx'), source)).toBe(source);
  });

  test('a config that does not load, or names a package not installed, is a build error saying what to do', () => {
    const load = (files: Record<string, string>) => () => loadBabelConfig(app(files), { cacheDir: '/tmp/stratus-babel-cache' });
    expect(load({ '.babelrc': '{ "plugins": [ }' })).toThrow(/^\.babelrc could not be loaded: JSON5: invalid character/);
    expect(load({ 'babel.config.js': "throw new Error('oops');" })).toThrow(/^babel\.config\.js could not be loaded: oops/);
    expect(load({ '.babelrc': '{ "plugins": ["react-intl"] }' })).toThrow(/^\.babelrc: the Babel plugin "react-intl" is not installed in .*: npm install --save-dev babel-plugin-react-intl$/);
    expect(load({ '.babelrc': '{ "presets": ["@babel/preset-flow"] }' })).toThrow(/npm install --save-dev @babel\/preset-flow$/);
    expect(load({ '.babelrc': '{ "presets": [["next/babel", { "styled-jsx": { "plugins": ["styled-jsx-plugin-postcss"] } }]] }' })).toThrow(/the styled-jsx plugin "styled-jsx-plugin-postcss" .*npm install --save-dev styled-jsx-plugin-postcss$/);
  });

  test("a plugin's failure names the file and the config", () => {
    const dir = app({ '.babelrc': '{ "plugins": ["./boom.js"] }', 'boom.js': "module.exports = () => ({ visitor: { Program() { throw new Error('boom'); } } });" });
    expect(() => transformIn(dir, 'pages/index.tsx', 'export default 1;')).toThrow(/^pages\/index\.tsx: the Babel config \.babelrc could not transform it: .*boom/);
  });

  test('a syntax error is reported at its line and column, as esbuild reports one, not at the file', () => {
    const dir = app({ '.babelrc': '{ "plugins": ["./shout.js"] }', 'shout.js': SHOUT });
    const broken = 'export default function Page() {\n  return <p>hello</p;\n}\n';
    expect(() => transformIn(dir, 'pages/index.tsx', broken)).toThrow(/^Syntax error in pages\/index\.tsx:2:\d+: Unexpected token.*\n {4} {2}return <p>hello<\/p;$/);
  });
});

describe('an app built with its .babelrc', () => {
  let built: BuiltApp;
  beforeAll(async () => {
    const dir = app({
      '.babelrc': JSON.stringify({ presets: [['next/babel', { 'styled-jsx': { plugins: ['@styled-jsx/plugin-sass'] } }]], plugins: ['./shout.js'] }),
      'shout.js': SHOUT,
      'pages/index.tsx': `${SASS_PAGE.replace('{n}', "{'hello'}")}\nexport function getServerSideProps() { return { props: { n: 1 } }; }`,
    }, ['@styled-jsx']);
    built = await buildApp(dir);
  }, 90_000);
  afterAll(() => built?.cleanup());

  test("the page's HTML and its browser script both show the plugins' effect", async () => {
    const html = (await built.handler(functionUrlEvent('/'))).body!;
    expect(html).toContain('HELLO from Babel');
    expect(html).toMatch(/\.card\.jsx-\d+ \.title\.jsx-\d+\{color:rebeccapurple;?\}/);
    const chunks = path.join(built.outDir, 'assets', '_app', 'static', 'chunks');
    const browser = readdirSync(chunks).map((name) => readFileSync(path.join(chunks, name), 'utf8')).join('\n');
    expect(browser).toContain('HELLO from Babel');
    expect(browser).not.toContain('$accent');
  });
});
