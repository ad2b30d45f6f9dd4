/**
 * A package whose ESM build awaits at its top (i18next-fs-backend, which next-i18next loads on
 * the server) stopped the render bundle, which is CommonJS: its CommonJS build is taken instead,
 * even where its exports list "module" before "require"; one with no CommonJS build is an error
 * saying what to do.
 */
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

const apps: BuiltApp[] = [];
afterAll(() => apps.forEach((app) => app.cleanup()));

const page = "import { where } from 'awaiting-kit';\nexport default function Home({ from }) { return <p id=\"from\">{from}</p>; }\nexport function getServerSideProps() { return { props: { from: where() } }; }\n";

test("a package's top-level await in its ESM build: the server takes its CommonJS build, by its exports' require condition", async () => {
  const app = await buildApp(tempApp({
    'node_modules/awaiting-kit/package.json': JSON.stringify({ name: 'awaiting-kit', main: './cjs/index.js', module: './esm/index.js', exports: { '.': { module: './esm/index.js', import: './esm/index.js', require: './cjs/index.js', default: './esm/index.js' } } }),
    'node_modules/awaiting-kit/esm/index.js': "const fs = (await import('node:fs')).default;\nexport const where = () => 'esm ' + typeof fs.readFileSync;\n",
    'node_modules/awaiting-kit/cjs/index.js': "const fs = require('fs');\nexports.where = () => 'cjs ' + typeof fs.readFileSync;\n",
    'pages/index.js': page,
  }));
  apps.push(app);
  expect((await app.handler(functionUrlEvent('/'))).body).toContain('<p id="from">cjs function</p>');
}, 60_000);

test("the await in a module the package's index imports (i18next-fs-backend's esm/readFile.js): its CommonJS build all the same", async () => {
  const app = await buildApp(tempApp({
    'node_modules/awaiting-kit/package.json': JSON.stringify({ name: 'awaiting-kit', main: './cjs/index.js', exports: { '.': { import: './esm/index.js', require: './cjs/index.js' } } }),
    'node_modules/awaiting-kit/esm/index.js': "import { fs } from './read.js';\nexport const where = () => 'esm ' + typeof fs.readFileSync;\n",
    'node_modules/awaiting-kit/esm/read.js': "export const fs = (await import('node:fs')).default;\n",
    'node_modules/awaiting-kit/cjs/index.js': "const fs = require('fs');\nexports.where = () => 'cjs ' + typeof fs.readFileSync;\n",
    'pages/index.js': "import { where } from 'awaiting-kit';\nexport default function Home({ from }) { return <p id=\"from\">{from}</p>; }\nexport function getServerSideProps() { return { props: { from: where() } }; }\n",
  }));
  apps.push(app);
  expect((await app.handler(functionUrlEvent('/'))).body).toContain('<p id="from">cjs function</p>');
}, 60_000);

test('a package with top-level await and no CommonJS build stops the build saying which and what to do', async () => {
  await expect(buildApp(tempApp({
    'node_modules/awaiting-kit/package.json': JSON.stringify({ name: 'awaiting-kit', type: 'module', exports: './index.js' }),
    'node_modules/awaiting-kit/index.js': "const fs = (await import('node:fs')).default;\nexport const where = () => typeof fs.readFileSync;\n",
    'pages/index.js': page,
  }))).rejects.toThrow(/awaiting-kit uses top-level await in server code and has no CommonJS build[\s\S]*Load it inside the function that uses it[\s\S]*awaiting-kit\/index\.js:1/);
}, 60_000);

test("top-level await in the app's own page stops the build naming the file and saying where the await can go", async () => {
  await expect(buildApp(tempApp({
    'pages/index.js': "const value = await Promise.resolve('x');\nexport default function Home() { return <p>{value}</p>; }\n",
  }))).rejects.toThrow(/pages\/index\.js uses top-level await, which the render function's bundle \(CommonJS\) cannot hold\. Move the await into getServerSideProps, getStaticProps/);
}, 60_000);
