/**
 * next/font: Google fonts are not fetched (an app importing next/font/google builds, its
 * class names and variables set the family with a system fallback in the server's HTML, and
 * the build says the fonts were not downloaded); next/font/local's files are the app's own,
 * emitted under their content hash and declared with @font-face, as next build does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { googleFamiliesImported } from '../../../../cli/builder/plugins/runtime-alias';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

test('the families a file imports from next/font/google', () => {
  expect(googleFamiliesImported(`import { Geist, Geist_Mono as mono } from "next/font/google";\nimport x from 'y';`)).toEqual(['Geist', 'Geist_Mono']);
  expect(googleFamiliesImported(`import { Inter } from 'next/font/local';`)).toEqual([]);
});

test("create-next-app's font setup builds and styles the server's HTML, with a warning saying what to do", async () => {
  const dir = tempApp(
    {
      'pages/_app.js': `import { Geist, Geist_Mono } from 'next/font/google';
        const sans = Geist({ variable: '--font-geist-sans', subsets: ['latin'] });
        const mono = Geist_Mono({ variable: '--font-geist-mono', subsets: ['latin'] });
        export default function App({ Component, pageProps }) { return <div id="root" className={sans.variable + ' ' + mono.variable}><Component {...pageProps} /></div>; }`,
      'pages/index.js': `import localFont from 'next/font/local';
        import { Inter } from 'next/font/google';
        const inter = Inter({ subsets: ['latin'], weight: '400' });
        const brand = localFont({ src: './fonts/Brand.woff2' });
        export default function Home() { return <main className={inter.className}><h1 style={brand.style}>Hello</h1></main>; }`,
    },
    'stratus-font-',
  );
  const lines: string[] = [];
  await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (line) => lines.push(line) });
  expect(lines.some((line) => /warning: next\/font\/google: fonts are not downloaded at build time; pages\/_app\.js, pages\/index\.js .*next\/font\/local/.test(line))).toBe(true);
  // Brand.woff2 is not there: the build says so, and the family is a system fallback.
  expect(lines.some((line) => /warning: next\/font\/local: pages\/index\.js names no font file the build found/.test(line))).toBe(true);
  const html = prerenderedHtml(path.join(dir, '.stratus'), '/');
  const css = html.match(/<style id="__stratus-fonts">([^<]*)<\/style>/)?.[1] ?? '';
  expect(css).toContain('--font-geist-sans:Geist, system-ui');
  expect(css).toContain("--font-geist-mono:'Geist Mono', ui-monospace");
  expect(css).toMatch(/\.__stratus-font-inter\{font-family:Inter, system-ui[^}]*;font-weight:400\}/);
  expect(html).toMatch(/<main class="__stratus-font-inter">/);
  expect(html).toContain('<h1 style="font-family:Brand, system-ui');
});

test("next/font/local: the app's font files are emitted under their content hash and declared with @font-face; class, style and variable name the family", async () => {
  const dir = tempApp(
    {
      'fonts/Brand-Regular.woff2': 'regular font bytes',
      'fonts/Brand-Bold.woff2': 'bold font bytes',
      'pages/_app.js': `import localFont from 'next/font/local';
        const brand = localFont({ src: [{ path: '../fonts/Brand-Regular.woff2', weight: '400', style: 'normal' }, { path: '../fonts/Brand-Bold.woff2', weight: '700' }], variable: '--font-brand', display: 'optional', fallback: ['Georgia', 'serif'] });
        export default function App({ Component, pageProps }) { return <div id="root" className={brand.className + ' ' + brand.variable}><Component {...pageProps} /><p id="styled" style={brand.style}>styled</p></div>; }`,
      'pages/index.js': 'export default function Home() { return <h1>Hello</h1>; }',
    },
    'stratus-local-font-',
  );
  const lines: string[] = [];
  const outDir = path.join(dir, '.stratus');
  await build({ appDir: dir, outDir, imageLambda: false, log: (line) => lines.push(line) });
  expect(lines.filter((line) => /next\/font/.test(line))).toEqual([]);
  const media = path.join(outDir, 'assets/_app/static/media');
  const emitted = readdirSync(media).sort();
  expect(emitted).toEqual([expect.stringMatching(/^Brand-Bold\.[0-9a-f]{8}\.woff2$/), expect.stringMatching(/^Brand-Regular\.[0-9a-f]{8}\.woff2$/)]);
  expect(readFileSync(path.join(media, emitted[1]!), 'utf8')).toBe('regular font bytes');

  const html = prerenderedHtml(outDir, '/');
  const css = html.match(/<style id="__stratus-fonts">([^<]*)<\/style>/)?.[1] ?? '';
  const family = css.match(/@font-face\{font-family:'(__Brand-Regular_[a-z0-9]+)'/)?.[1];
  expect(family).toBeDefined();
  expect(css).toContain(`@font-face{font-family:'${family}';src:url("/_app/static/media/${emitted[1]}") format('woff2');font-display:optional;font-weight:400;font-style:normal}`);
  expect(css).toContain(`@font-face{font-family:'${family}';src:url("/_app/static/media/${emitted[0]}") format('woff2');font-display:optional;font-weight:700}`);
  expect(css).toContain(`--font-brand:'${family}', Georgia, serif`);
  expect(html).toContain(`<p id="styled" style="font-family:&#x27;${family}&#x27;, Georgia, serif">styled</p>`);
  // The browser's build names the same files.
  const chunks = path.join(outDir, 'assets/_app/static/chunks');
  expect(readdirSync(chunks).some((name) => readFileSync(path.join(chunks, name), 'utf8').includes(`/_app/static/media/${emitted[1]}`))).toBe(true);
});
