/**
 * CSS Modules: the server HTML and the browser's stylesheet name each class the same way,
 * in one build and across builds.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { compileCssModule } from '../../../../cli/builder/plugins/css-modules';
import { prerenderedHtml } from '../../../helpers/prerendered';

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-css-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function app(): string {
  const dir = tmp();
  const files: Record<string, string> = {
    'pages/index.tsx': "import styles from './home.module.css';\nexport default function Home() { return <h1 className={styles.title}>Hi</h1>; }\n",
    'pages/home.module.css': '.title { color: rgb(1, 2, 3); }\n.unused { color: blue; }\n.big { composes: title; font-size: 2em; }\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

test('the prerendered HTML uses the class names the browser build defines', async () => {
  const outDir = tmp();
  await build({ appDir: app(), outDir, imageLambda: false });
  const html = prerenderedHtml(outDir, '/');
  const className = html.match(/<h1 class="([^"]+)">Hi<\/h1>/)?.[1];
  expect(className).toMatch(/^title_\w+$/);
  const staticDir = path.join(outDir, 'assets/_app/static');
  const css = readdirSync(staticDir, { recursive: true }).map(String).filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(path.join(staticDir, f), 'utf8')).join('\n');
  expect(css).toContain(`.${className}{color:#010203}`);
});

test('names depend on the file and the class only: two builds agree; composes adds the composed class', () => {
  const dir = app();
  const file = path.join(dir, 'pages/home.module.css');
  const first = compileCssModule(dir, file);
  const second = compileCssModule(dir, file);
  expect(second).toEqual(first);
  expect(first.classes.big).toBe(`${first.classes.big!.split(' ')[0]} ${first.classes.title}`);
  // The same file in another app folder gets the same names (the path inside the app counts).
  const other = app();
  expect(compileCssModule(other, path.join(other, 'pages/home.module.css')).classes).toEqual(first.classes);
});

test('a CSS syntax error names the file', async () => {
  const dir = app();
  writeFileSync(path.join(dir, 'pages/home.module.css'), '.title {{ color: red }\n');
  await expect(build({ appDir: dir, outDir: tmp(), imageLambda: false })).rejects.toThrow(/pages\/home\.module\.css:\d+:\d+: Unexpected end of input/);
});

test('a namespace import (import * as styles) finds the classes, as with Next; names that are no identifiers stay on the default export', async () => {
  const dir = app();
  writeFileSync(
    path.join(dir, 'pages/index.tsx'),
    "import * as styles from './home.module.css';\nimport all from './home.module.css';\n" +
      "export default function Home() { return <h1 className={styles.title} data-big={styles.big} data-dashed={all['with-dash']} data-delete={all.delete} data-ns-delete={String((styles as any).delete)}>Hi</h1>; }\n",
  );
  writeFileSync(path.join(dir, 'pages/home.module.css'), '.title { color: rgb(1, 2, 3); }\n.big { composes: title; font-size: 2em; }\n.with-dash { color: red; }\n.delete { color: green; }\n');
  const outDir = tmp();
  await build({ appDir: dir, outDir, imageLambda: false });
  const { classes } = compileCssModule(dir, path.join(dir, 'pages/home.module.css'));
  const html = prerenderedHtml(outDir, '/');
  expect(html).toContain(`<h1 class="${classes.title}" data-big="${classes.big}" data-dashed="${classes['with-dash']}" data-delete="${classes.delete}" data-ns-delete="undefined">Hi</h1>`);
});
