/**
 * `skipTrailingSlashRedirect: true`: both spellings of a page's URL answer (no 308 either
 * way), and the client keeps the slash each URL was written with: Link's href, the address
 * bar after a navigation and after a load, `router.asPath`.
 */
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const env = siteAndBrowser(
  tempApp(
    {
      'next.config.js': 'module.exports = { skipTrailingSlashRedirect: true };\n',
      'pages/index.js': `import Link from 'next/link';
export default function Home() {
  return (
    <main>
      <p id="index">index page</p>
      <Link id="bare" href="/another">bare</Link>
      <Link id="slashed" href="/another/">slashed</Link>
      <Link id="post" href="/posts/first/">post</Link>
    </main>
  );
}
`,
      'pages/another.js': `import { useRouter } from 'next/router';
export default function Another() {
  return <p id="another">another page at {useRouter().asPath}</p>;
}
`,
      'pages/posts/[slug].js': `import { useRouter } from 'next/router';
export default function Post({ slug }) {
  return <p id="post-page">post {slug} at {useRouter().asPath}</p>;
}
export function getServerSideProps({ params }) { return { props: { slug: params.slug } }; }
`,
      'public/favicon.ico': '',
    },
    'stratus-skip-trailing-slash-',
  ),
);

test('both spellings of a page answer 200 with the page, neither redirected', async () => {
  for (const path of ['/another', '/another/', '/posts/first', '/posts/first/']) {
    const answer = await fetch(env.site.url + path, { redirect: 'manual' });
    expect([path, answer.status]).toEqual([path, 200]);
    expect(await answer.text()).toMatch(/id="(another|post-page)"/);
  }
  // A server page's asPath is the URL as asked for.
  expect(await (await fetch(`${env.site.url}/posts/first/`)).text()).toContain('at <!-- -->/posts/first/</p>');
});

test('links, navigations and loads keep the slash as written', async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  expect([await tab.page.getAttribute('#bare', 'href'), await tab.page.getAttribute('#slashed', 'href')]).toEqual(['/another', '/another/']);
  await tab.markWindow();
  await tab.page.click('#bare');
  await tab.waitForText('another page at /another');
  expect(tab.path()).toBe('/another');
  await tab.page.goBack();
  await tab.page.waitForSelector('#index');
  await tab.page.click('#slashed');
  await tab.waitForText('another page at /another/');
  expect(tab.path()).toBe('/another/');
  await tab.page.goBack();
  await tab.page.click('#post');
  await tab.waitForText('post first at /posts/first/');
  expect(tab.path()).toBe('/posts/first/');
  expect(await tab.isMarked()).toBe(true);
  await tab.goto('/another/');
  await tab.waitForText('another page at /another/');
  expect(tab.path()).toBe('/another/');
  expect(tab.errors).toEqual([]);
  await tab.close();
});
