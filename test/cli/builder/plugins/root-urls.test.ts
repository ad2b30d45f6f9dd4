/**
 * A stylesheet's root-relative `url(/…)` and `@import '/…'` name what the site serves (its
 * public/ files), and stay as written, as next build leaves them; before, the build looked
 * for them on disk and stopped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { tempApp } from '../../../helpers/temp-app';

test("root-relative url() and @import stay as written; a relative url() is still the build's own file", async () => {
  const dir = tempApp({
    'styles/global.css':
      "@import '/theme.css';\n.a { background: url(/vercel.svg); }\n@font-face { font-family: Y; src: url('/fonts/y.woff2') format('woff2'); }\n.b { background: url(./dot.png); }\n.c { background: url(//cdn.example.com/x.png); }\n",
    'styles/dot.png': 'dot bytes',
    'public/vercel.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'pages/_app.js': "import '../styles/global.css';\nexport default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n",
    'pages/index.js': 'export default function Home() { return <p className="a">home</p>; }\n',
  });
  const { manifest, outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const css = readFileSync(path.join(outDir, 'assets', manifest.styles[0]!), 'utf8');
  expect(css).toMatch(/^@import ?"\/theme\.css";/);
  expect(css).toContain('.a{background:url(/vercel.svg)}');
  expect(css).toContain('src:url(/fonts/y.woff2) format("woff2")');
  expect(css).toMatch(/\.b\{background:url\("?\/_app\/static\/media\/dot-\w+\.png"?\)\}/);
  expect(css).toContain('url(//cdn.example.com/x.png)');
});
