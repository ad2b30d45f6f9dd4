/**
 * styled-jsx in Chromium, as the pages router builds it in: a `<style jsx>` scopes its rules
 * to the component that writes it (a child component's same class is untouched), `:global()`
 * reaches the page, the server's HTML carries the styles (no unstyled first paint), the
 * browser keeps them when it hydrates (no second copy), and a soft navigation brings the next
 * page's own.
 */
import { openTab, siteAndBrowser, type Tab } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const dir = tempApp(
  {
    'components/Plain.js': 'export default function Plain() { return <p className="title" id="plain">plain child</p>; }\n',
    'pages/index.js': `import Link from 'next/link';
import Plain from '../components/Plain';
export default function Home() {
  return (
    <main>
      <p className="title" id="scoped">scoped</p>
      <Plain />
      <Link href="/other" id="to-other">other</Link>
      <style jsx>{\`
        .title { color: rgb(255, 0, 0); }
        :global(body) { background: rgb(0, 0, 255); }
      \`}</style>
    </main>
  );
}
`,
    'pages/other.tsx': `export default function Other() {
  const size = 3;
  return (
    <section>
      <h1 className="heading">other page</h1>
      <style jsx>{\`
        .heading { color: rgb(0, 128, 0); margin-top: \${size}px; }
      \`}</style>
    </section>
  );
}
`,
    'public/favicon.ico': '',
  },
  'stratus-styled-jsx-',
);
const env = siteAndBrowser(dir);
let tab: Tab;
beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

const color = (selector: string) => tab.page.evaluate((s) => getComputedStyle(document.querySelector(s)!).color, selector);

test("a <style jsx> styles its own component only, :global() reaches the body, and the server's HTML carries it", async () => {
  const html = await (await fetch(`${env.site.url}/`)).text();
  expect(html).toMatch(/<head>.*<style id="__jsx-[\w-]+">[^<]*\.title\.jsx-[\w-]+\{[^}]*color:(?:rgb\(255,\s*0,\s*0\)|red)/s);
  expect(html).toMatch(/<p id="scoped" class="jsx-[\w-]+ title">/);
  expect(html).toContain('<p class="title" id="plain">');
  await tab.goto('/');
  expect(await color('#scoped')).toBe('rgb(255, 0, 0)');
  expect(await color('#plain')).toBe('rgb(0, 0, 0)');
  expect(await tab.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 255)');
  // Hydrated: the server's style tag kept, not a second copy beside it.
  expect(await tab.page.evaluate(() => document.querySelectorAll('style[id^="__jsx-"]').length)).toBe(1);
  expect(tab.errors).toEqual([]);
});

test("a soft navigation brings the next page's styles, with interpolated values", async () => {
  await tab.goto('/');
  await tab.markWindow();
  await tab.page.click('#to-other');
  await tab.waitForText('other page');
  expect(await tab.isMarked()).toBe(true);
  expect(await color('.heading')).toBe('rgb(0, 128, 0)');
  expect(await tab.page.evaluate(() => getComputedStyle(document.querySelector('.heading')!).marginTop)).toBe('3px');
  expect(tab.errors).toEqual([]);
});
