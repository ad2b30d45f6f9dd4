/**
 * `next/navigation`'s hooks in a pages-router app, as Next gives them there (libraries for
 * both routers import them): the path, the query (empty until the router is ready), the
 * dynamic params and the App Router's router shape; and a package importing `next/router.js`
 * and `next/compat/router`, as ES-module packages spell them (nuqs).
 */
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const env = siteAndBrowser(
  tempApp(
    {
      'node_modules/both-routers/package.json': JSON.stringify({ name: 'both-routers', type: 'module', exports: './index.js' }),
      'node_modules/both-routers/index.js': "import { createElement } from 'react';\nimport Router from 'next/router.js';\nimport { useRouter } from 'next/compat/router';\nexport function Where() { const router = useRouter(); return createElement('span', { id: 'lib' }, (router ? router.pathname : 'none') + ' ' + typeof Router.push); }\n",
      'pages/posts/[slug].js': `import { usePathname, useSearchParams, useParams, useRouter } from 'next/navigation';
import { Where } from 'both-routers';
export default function Post() {
  const pathname = usePathname();
  const search = useSearchParams();
  const params = useParams();
  const router = useRouter();
  return (
    <main>
      <p id="path">{pathname}</p>
      <p id="search">tab={search.get('tab') ?? '-'}</p>
      <p id="params">{JSON.stringify(params)}</p>
      <Where />
      <button id="go" onClick={() => router.push('/posts/second?tab=2')}>go</button>
    </main>
  );
}
export function getStaticPaths() { return { paths: [{ params: { slug: 'first' } }, { params: { slug: 'second' } }], fallback: false }; }
export function getStaticProps() { return { props: {} }; }
`,
      'public/favicon.ico': '',
    },
    'stratus-next-navigation-',
  ),
);

test("next/navigation's hooks read the page's router; its router pushes; next/router.js and next/compat/router resolve", async () => {
  const tab = await openTab(env.browser, env.site.url);
  const html = await (await fetch(`${env.site.url}/posts/first?tab=1`)).text();
  // Before the router is ready (the server's HTML of a static page): no query, no params, as in the pages router.
  expect(html).toContain('<p id="search">tab=<!-- -->-</p>');
  expect(html).toContain('<p id="params">null</p>');
  await tab.goto('/posts/first?tab=1');
  await tab.waitForText('tab=1');
  expect(await tab.page.textContent('#path')).toBe('/posts/first');
  expect(await tab.page.textContent('#params')).toBe('{"slug":"first"}');
  expect(await tab.page.textContent('#lib')).toBe('/posts/[slug] function');
  await tab.markWindow();
  await tab.page.click('#go');
  await tab.waitForText('tab=2');
  expect(await tab.page.textContent('#path')).toBe('/posts/second');
  expect(await tab.page.textContent('#params')).toBe('{"slug":"second"}');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});
