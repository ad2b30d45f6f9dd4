/**
 * The app's files its server code reads at run time ship with the render function, at their
 * place in the app, as Next's output tracing ships them: a module-level read (Next's
 * with-mdx-remote example) no longer stops the function from loading, and getServerSideProps
 * reads its file at request time, with the function's folder as the working directory as in
 * Lambda.
 */
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { untracedReads } from '../../../../cli/builder/steps/trace-files';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

const apps: BuiltApp[] = [];
afterAll(() => apps.forEach((app) => app.cleanup()));

/** The handler called as Lambda calls it: its own folder as the working directory. */
async function inFunctionFolder<T>(app: BuiltApp, work: () => Promise<T>): Promise<T> {
  const cwd = process.cwd();
  process.chdir(path.join(app.outDir, 'lambdas', 'render'));
  try {
    return await work();
  } finally {
    process.chdir(cwd);
  }
}

test("files read at a module's top, by getServerSideProps, and through a TypeScript helper ship beside the function and are found at request time; the app's code, imported stylesheets, dot-files, packages and other files do not", async () => {
  const lines: string[] = [];
  const dir = tempApp({
    'posts/hello.md': '# Hello\n',
    'posts/world.md': '# World\n',
    'content/note.txt': 'a note read per request',
    'unread/secret.txt': 'not read by any code',
    '.env.local': 'SECRET=kept',
    'lib/settings.js': "import { existsSync, readFileSync } from 'fs';\nimport path from 'path';\nconst file = path.join(process.cwd(), '.env.local');\nexport const hasLocalEnv = existsSync(file) && readFileSync(file, 'utf8').length > 0;\n",
    'styles/site.css': 'p { color: red; }',
    'pages/_app.js': "import '../styles/site.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'lib/posts.ts': "import fs from 'fs';\nimport path from 'path';\nexport const POSTS_PATH: string = path.join(process.cwd(), 'posts');\nexport const postFiles: string[] = fs.readdirSync(POSTS_PATH).filter((name) => name.endsWith('.md'));\n",
    'pages/index.tsx': "import { postFiles } from '../lib/posts';\nexport default function Home({ posts }: { posts: string[] }) { return <ul>{posts.map((p) => <li key={p}>{p}</li>)}</ul>; }\nexport function getStaticProps() { return { props: { posts: postFiles } }; }\n",
    'pages/note.js': "import { hasLocalEnv } from '../lib/settings';\nimport { readFileSync } from 'node:fs';\nimport { join } from 'node:path';\nexport default function Note({ text }) { return <p id=\"note\">{text}</p>; }\nexport function getServerSideProps() { return { props: { text: readFileSync(join(process.cwd(), 'content', 'note.txt'), 'utf8') } }; }\n",
  });
  const app = await buildApp(dir, { log: (line) => lines.push(line) });
  apps.push(app);
  const render = path.join(app.outDir, 'lambdas', 'render');
  expect(lines.join('\n')).toContain('files read by server code, shipped with the render function: content/note.txt, posts/hello.md, posts/world.md');
  for (const file of ['posts/hello.md', 'posts/world.md', 'content/note.txt']) expect(existsSync(path.join(render, file))).toBe(true);
  for (const file of ['unread/secret.txt', '.env.local', 'styles/site.css', 'lib/posts.ts', 'pages/note.js', 'package.json']) expect(existsSync(path.join(render, file))).toBe(false);
  // The module-level read ran when the bundle loaded (buildApp loaded it from the repository's folder, where the
  // app's posts are not); load it again where Lambda runs it.
  const fresh = await inFunctionFolder(app, async () => {
    const entry = path.join(render, 'index.js');
    for (const key of Object.keys(require.cache)) if (key.startsWith(render)) delete require.cache[key];
    const { handler } = require(entry) as Pick<BuiltApp, 'handler'>;
    return handler(functionUrlEvent('/note'));
  });
  expect(fresh.statusCode).toBe(200);
  expect(fresh.body).toContain('<p id="note">a note read per request</p>');
}, 60_000);

test("a package reading the app's files by the app's config, as next-i18next does (its config required by next.config.js, localePath by path.resolve): the config and the files it names ship, and the package finds them at request time", async () => {
  const lines: string[] = [];
  const app = await buildApp(tempApp({
    'labels.config.js': "const path = require('path');\nmodule.exports = { locales: ['en'], labelsPath: path.resolve('./content/labels') };\n",
    'next.config.js': "const { locales } = require('./labels.config');\nmodule.exports = { env: { LOCALES: locales.join(',') } };\n",
    'content/labels/en.json': '{"greeting":"Hello from a label file"}',
    'node_modules/labels-kit/package.json': JSON.stringify({ name: 'labels-kit', main: 'index.js' }),
    'node_modules/labels-kit/index.js': "const fs = require('fs');\nconst path = require('path');\nconst CONFIG = './labels.config.js';\nexports.labels = (locale) => { const config = require(path.resolve(CONFIG)); return JSON.parse(fs.readFileSync(path.join(config.labelsPath, locale + '.json'), 'utf8')); };\n",
    'pages/index.js': "import { labels } from 'labels-kit';\nexport default function Home({ greeting }) { return <p id=\"greeting\">{greeting}</p>; }\nexport function getServerSideProps() { return { props: labels('en') }; }\n",
  }), { log: (line) => lines.push(line) });
  apps.push(app);
  expect(lines.join('\n')).toContain('shipped with the render function: content/labels/en.json, labels.config.js');
  const render = path.join(app.outDir, 'lambdas', 'render');
  expect(existsSync(path.join(render, 'next.config.js'))).toBe(false);
  const answer = await inFunctionFolder(app, () => app.handler(functionUrlEvent('/')));
  expect(answer.body).toContain('<p id="greeting">Hello from a label file</p>');
}, 60_000);

test("packages in a node_modules linked from elsewhere (as pnpm and the compat harness lay them out) are traced too, and a config naming files by path is traced even when no source reads files", async () => {
  const lines: string[] = [];
  const packages = tempApp({
    'node_modules/labels-kit/package.json': JSON.stringify({ name: 'labels-kit', main: 'index.js' }),
    'node_modules/labels-kit/index.js': "const fs = require('fs');\nconst path = require('path');\nconst CONFIG = './labels.config.js';\nexports.labels = (locale) => { const config = require(path.resolve(CONFIG)); return JSON.parse(fs.readFileSync(path.join(config.labelsPath, locale + '.json'), 'utf8')); };\n",
  });
  const dir = tempApp({
    'labels.config.js': "const path = require('path');\nmodule.exports = { labelsPath: path.resolve('./content/labels') };\n",
    'next.config.js': "const { labelsPath } = require('./labels.config');\nmodule.exports = { env: { HAS_LABELS: String(Boolean(labelsPath)) } };\n",
    'content/labels/en.json': '{"greeting":"Hello through a linked package"}',
    'pages/index.js': "import { labels } from 'labels-kit';\nexport default function Home({ greeting }) { return <p id=\"greeting\">{greeting}</p>; }\nexport function getServerSideProps() { return { props: labels('en') }; }\n",
  });
  symlinkSync(path.join(packages, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const app = await buildApp(dir, { log: (line) => lines.push(line) });
  apps.push(app);
  expect(lines.join('\n')).toContain('shipped with the render function: content/labels/en.json, labels.config.js');
  const answer = await inFunctionFolder(app, () => app.handler(functionUrlEvent('/')));
  expect(answer.body).toContain('<p id="greeting">Hello through a linked package</p>');
}, 60_000);

test("next-i18next (15's .js, 16's .mjs and .cjs) without translations to ship: a warning says what to set, when a page renders per request", () => {
  for (const file of ['dist/commonjs/serverSideTranslations.js', 'dist/pagesRouter/serverSideTranslations.mjs', 'dist/pagesRouter/serverSideTranslations.cjs']) {
    const sources = [`/app/node_modules/next-i18next/${file}`, '/app/pages/index.js'];
    expect(untracedReads(sources, ['next-i18next.config.js'])).toEqual([expect.stringContaining("set localePath: path.resolve('./public/locales')")]);
    expect(untracedReads(sources, ['next-i18next.config.js', 'public/locales/en/common.json'])).toEqual([]);
  }
  expect(untracedReads(['/app/pages/index.js'], [])).toEqual([]);
});

test("next-i18next 16 without a localePath (its docs no longer ask for one): its default public/locales ships, and a page rendered per request is translated", async () => {
  const lines: string[] = [];
  const app = await buildApp(
    tempApp({
      // next-i18next 16's shape: the pages entry is a .cjs file that reads ./public/locales by a path built at run time.
      'node_modules/next-i18next/package.json': '{ "name": "next-i18next", "version": "16.0.0", "exports": { "./pages/serverSideTranslations": "./dist/pagesRouter/serverSideTranslations.cjs" } }\n',
      'node_modules/next-i18next/dist/pagesRouter/serverSideTranslations.cjs':
        "const fs = require('fs');\nconst path = require('path');\n" +
        "exports.serverSideTranslations = async (locale) => ({ _nextI18Next: JSON.parse(fs.readFileSync(path.resolve(['.', 'public', 'locales'].join('/'), locale, 'common.json'), 'utf8')) });\n",
      'public/locales/en/common.json': '{ "title": "Hello from the locales" }\n',
      'public/locales/de/common.json': '{ "title": "Hallo" }\n',
      'pages/index.js':
        "import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';\n" +
        'export default function Home({ _nextI18Next }) { return <p id="title">{_nextI18Next.title}</p>; }\n' +
        "export async function getServerSideProps() { return { props: await serverSideTranslations('en') }; }\n",
    }),
    { log: (line) => lines.push(line) },
  );
  apps.push(app);
  expect(lines.join('\n')).toContain('shipped with the render function: public/locales/de/common.json, public/locales/en/common.json');
  expect(lines.join('\n')).not.toContain('set localePath');
  const answer = await inFunctionFolder(app, () => app.handler(functionUrlEvent('/')));
  expect(answer.body).toContain('<p id="title">Hello from the locales</p>');
}, 60_000);

test("a folder the app names in a templated path (i18next-fs-backend's loadPath 'locales/{{lng}}/{{ns}}.json') ships whole, and the page reads it per request; dot-folders and paths out of the app do not", async () => {
  const lines: string[] = [];
  const app = await buildApp(
    tempApp({
      'locales/de/common.json': '{ "greeting": "Hallo" }\n',
      'locales/en/common.json': '{ "greeting": "Hello" }\n',
      '.secrets/de/x.json': '{}\n',
      'pages/index.js':
        "import fs from 'fs';\nimport path from 'path';\n" +
        "const loadPath = path.join(process.cwd(), 'locales/{{lng}}/{{ns}}.json');\nconst hidden = '.secrets/{{lng}}/x.json';\nconst outside = '../elsewhere/{{lng}}.json';\n" +
        "const read = (lng) => JSON.parse(fs.readFileSync(loadPath.replace('{{lng}}', lng).replace('{{ns}}', 'common'), 'utf8'));\n" +
        'export default function Home({ de }) { return <p id="greeting">{de.greeting}</p>; }\n' +
        "export function getServerSideProps() { return { props: { de: read('de'), hidden, outside } }; }\n",
    }),
    { log: (line) => lines.push(line) },
  );
  apps.push(app);
  expect(lines.join('\n')).toContain('shipped with the render function: locales/de/common.json, locales/en/common.json');
  expect(existsSync(path.join(app.outDir, 'lambdas', 'render', '.secrets'))).toBe(false);
  const answer = await inFunctionFolder(app, () => app.handler(functionUrlEvent('/')));
  expect(answer.body).toContain('<p id="greeting">Hallo</p>');
}, 60_000);

test("a file whose place is the function's own (manifest.json) is left out with a warning saying what to do", async () => {
  const lines: string[] = [];
  const app = await buildApp(tempApp({
    'manifest.json': '{"name":"the app\'s own"}',
    'pages/index.js': "import { readFileSync } from 'fs';\nimport path from 'path';\nexport default function Home({ name }) { return <p>{name}</p>; }\nexport function getStaticProps() { return { props: { name: JSON.parse(readFileSync(path.join(process.cwd(), 'manifest.json'), 'utf8')).name } }; }\n",
  }), { log: (line) => lines.push(line) });
  apps.push(app);
  expect(lines.join('\n')).toMatch(/warning: manifest\.json: read by server code, but not shipped: the render function's own files have these names; move them into a folder/);
}, 60_000);
