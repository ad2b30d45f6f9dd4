/**
 * The pages router's rule for global CSS: the app's own non-module stylesheets are imported
 * by pages/_app alone; a library's stylesheet may be imported from any file.
 */
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { tempApp } from '../../../helpers/temp-app';

const APP = "import '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n";
const buildIt = (dir: string) => build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });

test("a component importing the app's global CSS fails the build, naming both files and the two fixes", async () => {
  const dir = tempApp({
    'pages/_app.js': APP,
    'styles/global.css': 'body { margin: 0; }\n',
    'styles/card.css': '.card { padding: 1px; }\n',
    'components/card.js': "import '../styles/card.css';\nexport default function Card() { return <div className=\"card\" />; }\n",
    'pages/index.js': "import Card from '../components/card';\nexport default function Home() { return <Card />; }\n",
  });
  await expect(buildIt(dir)).rejects.toThrow(
    /components\/card\.js:1:\d+: components\/card\.js imports the global stylesheet \.\.\/styles\/card\.css, and global CSS may only be imported by pages\/_app\.js \(it applies to every page\)\. Move the import into pages\/_app\.js, or rename the file to card\.module\.css and use its class names/,
  );
});

test('a page importing global CSS without an _app: the fix says to create pages/_app.js', async () => {
  const dir = tempApp({
    'styles/global.css': 'body { margin: 0; }\n',
    'pages/index.tsx': "import '../styles/global.css';\nexport default function Home() { return <p>home</p>; }\n",
  });
  await expect(buildIt(dir)).rejects.toThrow('Move the import into pages/_app.js (create it), or rename the file to global.module.css');
});

test("_app's global CSS (with its @import), CSS Modules anywhere, and a library's CSS from any file or from the library itself build", async () => {
  const dir = tempApp({
    'pages/_app.js': APP,
    'styles/global.css': "@import './reset.css';\nbody { margin: 0; }\n",
    'styles/reset.css': '* { box-sizing: border-box; }\n',
    'components/slider.js': "import 'slider-lib/dist/slider.css';\nimport styles from './slider.module.css';\nexport default function Slider() { return <div className={styles.track} />; }\n",
    'components/slider.module.css': '.track { height: 2px; }\n',
    'pages/index.js': "import 'date-lib/style.css';\nimport { picker } from 'date-lib';\nimport Slider from '../components/slider';\nexport default function Home() { return <><Slider />{picker}</>; }\n",
    'node_modules/slider-lib/package.json': '{ "name": "slider-lib", "version": "1.0.0" }\n',
    'node_modules/slider-lib/dist/slider.css': '.slider { width: 1px; }\n',
    'node_modules/date-lib/package.json': '{ "name": "date-lib", "version": "1.0.0", "main": "index.js" }\n',
    'node_modules/date-lib/index.js': "require('./own.css');\nexports.picker = 'picker';\n",
    'node_modules/date-lib/own.css': '.own { color: red; }\n',
    'node_modules/date-lib/style.css': '.date { color: blue; }\n',
  });
  const { manifest } = await buildIt(dir);
  expect(manifest.routes.map((r) => r.pattern)).toEqual(['/']);
  expect(Object.keys(manifest.pageStyles ?? {})).toEqual(['/']);
});
