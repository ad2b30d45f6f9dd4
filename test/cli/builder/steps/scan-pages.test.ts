/**
 * Routes that overlap an optional catch-all: `[[...slug]]` also matches its folder's own path,
 * so a page there (`index.js` beside a root `[[...slug]].js`, `nested.js` beside
 * `nested/[[...slug]].js`) or a required catch-all in the same folder would leave the choice of
 * file to the route table's order. The pages router refuses such an app at build time; the
 * build does too, naming both files and saying what to change.
 */
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { BuildError } from '../../../../cli/builder/errors';
import { scanPages } from '../../../../cli/builder/steps/scan-pages';
import { tempApp } from '../../../helpers/temp-app';

const PAGE = 'export default function Page() { return <p>page</p>; }\n';
const pages = (...files: string[]) => tempApp(Object.fromEntries(files.map((file) => [file, PAGE])));
const scan = (...files: string[]) => () => scanPages(pages(...files));

test('a page at the path of an optional catch-all is refused, at the root or in a folder, named both ways', () => {
  expect(scan('pages/index.js', 'pages/[[...slug]].js')).toThrow(BuildError);
  expect(scan('pages/index.js', 'pages/[[...slug]].js')).toThrow(
    'pages/index.js and pages/[[...slug]].js both serve /: an optional catch-all also matches its folder\'s own path, with no params. Remove pages/index.js and let the catch-all render /, or make the catch-all required ([...slug]).',
  );
  expect(scan('pages/nested.js', 'pages/nested/[[...slug]].js')).toThrow(/^pages\/nested\.js and pages\/nested\/\[\[\.\.\.slug\]\]\.js both serve \/nested: /);
  expect(scan('pages/nested/index.js', 'pages/nested/[[...slug]].js')).toThrow(/^pages\/nested\/index\.js and pages\/nested\/\[\[\.\.\.slug\]\]\.js both serve \/nested: /);
  // The folder's path may be dynamic: `/[id]` is also `/[id]/[[...rest]]` with no rest.
  expect(scan('pages/[id].js', 'pages/[id]/[[...rest]].js')).toThrow(/^pages\/\[id\]\.js and pages\/\[id\]\/\[\[\.\.\.rest\]\]\.js both serve \/\[id\]: /);
  // API routes are routes like any other.
  expect(scan('pages/api/index.js', 'pages/api/[[...path]].js')).toThrow(/^pages\/api\/index\.js and pages\/api\/\[\[\.\.\.path\]\]\.js both serve \/api: /);
});

test('a catch-all and an optional catch-all in one folder are refused', () => {
  expect(scan('pages/nested/[...param].js', 'pages/nested/[[...optionalName]].js')).toThrow(
    'pages/nested/[...param].js and pages/nested/[[...optionalName]].js are a catch-all and an optional catch-all in one folder: both match every path below /nested. Keep one of them (the optional one also serves /nested itself).',
  );
  expect(scan('pages/[...a].js', 'pages/[[...b]].js')).toThrow(/^pages\/\[\.\.\.a\]\.js and pages\/\[\[\.\.\.b\]\]\.js are a catch-all and an optional catch-all in one folder: both match every path below \/\./);
});

test('an optional catch-all beside pages that do not overlap it builds its table as before', () => {
  const table = scanPages(pages('pages/index.js', 'pages/about.js', 'pages/nested/[[...slug]].js', 'pages/nested/a.js', 'pages/nested/[id].js', 'pages/other/[...rest].js', 'pages/other/deep/[[...slug]].js'));
  expect(table.routes.map((route) => route.pattern)).toEqual(['/', '/about', '/nested/a', '/nested/[id]', '/nested/[[...slug]]', '/other/deep/[[...slug]]', '/other/[...rest]']);
  // A catch-all one folder up is no overlap: `/other/deep` is the required catch-all's.
  expect(scanPages(pages('pages/[...all].js', 'pages/docs/[[...slug]].js')).routes.map((route) => route.pattern)).toEqual(['/docs/[[...slug]]', '/[...all]']);
});

test('`stratus build` stops on the overlap before bundling anything', async () => {
  const app = pages('pages/[[...optionalName]].js', 'pages/nested/[[...optionalName]].js', 'pages/nested/[...param].js');
  await expect(build({ appDir: app, outDir: path.join(app, '.out'), imageLambda: false })).rejects.toThrow(
    /pages\/nested\/\[\.\.\.param\]\.js and pages\/nested\/\[\[\.\.\.optionalName\]\]\.js are a catch-all and an optional catch-all in one folder/,
  );
  await expect(build({ appDir: pages('pages/index.js', 'pages/[[...optionalName]].js'), outDir: path.join(app, '.out2'), imageLambda: false })).rejects.toThrow(
    /pages\/index\.js and pages\/\[\[\.\.\.optionalName\]\]\.js both serve \/: /,
  );
});
