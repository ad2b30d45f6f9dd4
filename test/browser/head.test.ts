/**
 * `next/head` in Chromium as the pages router deduplicates it: a page's charset and
 * viewport replace the document's defaults, tags sharing a `property` all stay, `name`
 * dedupes unless a key sets them apart; a page without `<title>` leaves the title empty
 * after a soft navigation, as Next's does.
 */
import { openTab, siteAndBrowser, eventually, type Tab } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const dir = tempApp(
  {
    'pages/_app.js':
      "import Head from 'next/head';\nimport Link from 'next/link';\nexport default function App({ Component, pageProps }) { return <><Head><meta name=\"description\" content=\"app\" /></Head><nav><Link href=\"/\">Home</Link> | <Link href=\"/bare\">Bare</Link></nav><Component {...pageProps} /></>; }\n",
    'pages/index.js': `import Head from 'next/head';
export default function Home() {
  return (
    <>
      <Head>
        <title>Home title</title>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="description" content="home" />
        <meta property="og:image" content="/a.png" />
        <meta property="og:image" content="/b.png" />
        <meta name="author" content="Ann" key="author-1" />
        <meta name="author" content="Bob" key="author-2" />
      </Head>
      <h1>Home</h1>
    </>
  );
}
`,
    'pages/bare.js': 'export default function Bare() { return <h1>Bare</h1>; }\n',
    'public/favicon.ico': '',
  },
  'stratus-head-',
);
const env = siteAndBrowser(dir);
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

/** The head's meta tags as `name|property|charset=content`, in document order. */
const metas = () =>
  tab.page.evaluate(() =>
    [...document.head.querySelectorAll('meta')].map((m) => `${m.getAttribute('name') ?? m.getAttribute('property') ?? `charset`}=${m.getAttribute('content') ?? m.getAttribute('charset')}`),
  );

const HOME = [
  'charset=utf-8',
  'viewport=width=device-width, initial-scale=1, viewport-fit=cover',
  'description=home',
  'og:image=/a.png',
  'og:image=/b.png',
  'author=Ann',
  'author=Bob',
];
const BARE = ['charset=utf-8', 'viewport=width=device-width', 'description=app'];

test("a page's charset and viewport replace the defaults; og tags all stay; keyed names stay apart", async () => {
  await tab.goto('/');
  expect((await metas()).sort()).toEqual([...HOME].sort());
  await tab.goto('/bare');
  expect((await metas()).sort()).toEqual([...BARE].sort());
  expect(await tab.page.title()).toBe('');
  expect(tab.errors).toEqual([]);
});

test('soft navigations: the defaults come back, and a page without a title has none', async () => {
  await tab.goto('/');
  expect(await tab.page.title()).toBe('Home title');
  await tab.markWindow();
  await tab.clickLink('Bare');
  await tab.waitForText('Bare', 2000);
  await eventually(async () => (await tab.page.title()) === '', 'the title emptied');
  expect((await metas()).sort()).toEqual([...BARE].sort());
  await tab.clickLink('Home');
  await eventually(async () => (await tab.page.title()) === 'Home title', 'the title back');
  expect((await metas()).sort()).toEqual([...HOME].sort());
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
});
