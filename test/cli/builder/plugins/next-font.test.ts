/**
 * next/font without fetching fonts: an app importing next/font/google and next/font/local
 * builds, its class names and variables set the family with a system fallback in the
 * server's HTML, and the build says the fonts were not downloaded.
 */
import { readFileSync } from 'node:fs';
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
  expect(lines.some((line) => /warning: next\/font: fonts are not downloaded at build time; pages\/_app\.js, pages\/index\.js .*@font-face/.test(line))).toBe(true);
  const html = prerenderedHtml(path.join(dir, '.stratus'), '/');
  const css = html.match(/<style id="__stratus-fonts">([^<]*)<\/style>/)?.[1] ?? '';
  expect(css).toContain('--font-geist-sans:Geist, system-ui');
  expect(css).toContain("--font-geist-mono:'Geist Mono', ui-monospace");
  expect(css).toMatch(/\.__stratus-font-inter\{font-family:Inter, system-ui[^}]*;font-weight:400\}/);
  expect(html).toMatch(/<main class="__stratus-font-inter">/);
  expect(html).toContain('<h1 style="font-family:Brand, system-ui');
});
