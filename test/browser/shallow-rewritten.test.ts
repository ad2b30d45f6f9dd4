/**
 * A shallow link on a page shown at a rewritten path (`/sha`, which a rewrite serves from
 * `pages/shallow.js`; middleware rewrites work the same way) changes the URL and the query and
 * keeps the page, as the pages router does, though the browser's route table does not know the
 * path: no full load, no data asked for, not another route that matches `/sha` (`pages/[id].js`).
 */
import { eventually, openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const env = siteAndBrowser(
  tempApp(
    {
      'next.config.js': "module.exports = { async rewrites() { return [{ source: '/sha', destination: '/shallow' }]; } };\n",
      'pages/shallow.js': `import Link from 'next/link';
import { useRouter } from 'next/router';
let served = 0;
export async function getServerSideProps() { served += 1; return { props: { served } }; }
export default function Shallow({ served }) {
  const router = useRouter();
  return (
    <main>
      <p id="page">shallow page, served {served}</p>
      <p id="query">{JSON.stringify(router.query)}</p>
      <Link id="tab" href="/sha?tab=two" shallow>tab two</Link>
    </main>
  );
}
`,
      'pages/[id].js': 'export default function Dynamic() { return <p id="dynamic">Dynamic route</p>; }\n',
      'public/favicon.ico': '',
    },
    'stratus-shallow-rewritten-',
  ),
);

test('a shallow link on a rewritten path keeps the page: the URL and query change, nothing is loaded', async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/sha');
  const served = await tab.page.textContent('#page');
  await tab.markWindow();
  await tab.page.click('#tab');
  await eventually(async () => (await tab.page.textContent('#query')) === '{"tab":"two"}', 'the query has the new search');
  expect(await tab.page.evaluate(() => location.pathname + location.search)).toBe('/sha?tab=two');
  expect(await tab.page.textContent('#page')).toBe(served);
  expect(await tab.page.$('#dynamic')).toBeNull();
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
  await tab.close();
});
