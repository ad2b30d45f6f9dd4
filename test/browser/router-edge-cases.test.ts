/**
 * Client router edge cases found by running Next's own e2e tests, in Chromium against a
 * built app: a push to the URL already shown replaces its entry (basepath "same asPath but
 * different url"); router.push('/404') and push('/_error') show the error page, not a
 * dynamic route matching the path (basepath error-pages); routeChangeError's messages are
 * the pages router's; `<Link href="/x/[[...slug]]" as="/x/value">` shows /x/value's data
 * (prerender "should navigate between pages successfully"). A `<Link href="#">` is a hash change to
 * the top of the page, as in the pages router (with-ant-design's logo).
 */
import { eventually, openTab, siteAndBrowser, type Tab } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const APP = {
  // routeChangeError's messages, kept across the full load a failed data request makes.
  'pages/_app.js':
    "import Router from 'next/router';\n" +
    "if (typeof window !== 'undefined') Router.events.on('routeChangeError', (error) => sessionStorage.setItem('errors', JSON.stringify([...JSON.parse(sessionStorage.getItem('errors') ?? '[]'), [error.message, error.cancelled === true]])));\n" +
    'export default function App({ Component, pageProps }) { return <Component {...pageProps} />; }\n',
  'pages/index.js':
    "import Link from 'next/link';\n" +
    'export default function Index() {\n  return <main><h1>index page</h1><Link href="/hello" id="hello-link">to hello</Link>' +
    '<Link href="/catchall-optional/[[...slug]]" as="/catchall-optional" id="optional-root">root</Link>' +
    '<Link href="/catchall-optional/[[...slug]]" as="/catchall-optional/value" id="optional-value">value</Link></main>;\n}\n',
  // href and as differ; as is the URL already in the address bar.
  'pages/hello.js': "import Link from 'next/link';\nexport default function Hello() { return <main><h1>hello page</h1><Link href=\"/something-else\" as=\"/hello\" id=\"same-url-link\">to something else</Link></main>; }\n",
  // A logo link to `#` (Next's with-ant-design): a hash change on the page, its data not asked again.
  'pages/counted.js':
    "import Link from 'next/link';\nlet served = 0;\nexport async function getServerSideProps() { served += 1; return { props: { served } }; }\n" +
    'export default function Counted({ served }) { return <main style={{ minHeight: 3000 }}><h1>counted page</h1><p id="served">served {served}</p><Link href="#" id="to-top">top</Link></main>; }\n',
  'pages/something-else.js': 'export default function SomethingElse() { return <h1>something else page</h1>; }\n',
  'pages/[slug].js': "import { useRouter } from 'next/router';\nexport default function Slug() { return <p id=\"slug\">slug: {useRouter().query.slug}</p>; }\n",
  'pages/404.js': 'export default function NotFound() { return <h1>custom 404 page</h1>; }\n',
  'pages/catchall-optional/[[...slug]].js':
    'export async function getStaticProps({ params: { slug } }) { return { props: { slug: slug || [] } }; }\n' +
    'export async function getStaticPaths() { return { paths: [{ params: { slug: [] } }, { params: { slug: [\'value\'] } }], fallback: false }; }\n' +
    "export default function CatchAll({ slug }) { return <p id=\"catchall\">Catch all: [{slug.join(', ')}]</p>; }\n",
  'pages/slow.js': 'export async function getServerSideProps() { await new Promise((resolve) => setTimeout(resolve, 1500)); return { props: {} }; }\nexport default function Slow() { return <h1>slow page</h1>; }\n',
  'pages/broken-data.js': "export async function getServerSideProps() { throw new Error('data broke'); }\nexport default function Broken() { return <h1>broken page</h1>; }\n",
  'public/favicon.ico': '',
};

const env = siteAndBrowser(tempApp(APP, 'stratus-router-edge-'));
let tab: Tab;

beforeEach(async () => {
  tab = await openTab(env.browser, env.site.url);
});
afterEach(async () => {
  await tab?.close();
});

const push = (url: string, as?: string) => tab.page.evaluate(([u, a]) => void (window as unknown as { next: { router: { push(u: string, a?: string): Promise<boolean> } } }).next.router.push(u!, a), [url, as]);
const heading = () => tab.page.textContent('h1, #slug');

test('a link whose as is the URL shown replaces its entry: back goes to the page before, forward to the linked page', async () => {
  await tab.goto('/');
  await tab.markWindow();
  await tab.clickLink('#hello-link');
  await tab.waitForText('hello page');
  const length = await tab.page.evaluate(() => history.length);
  await tab.clickLink('#same-url-link');
  await tab.waitForText('something else page');
  expect(tab.path()).toBe('/hello');
  expect(await tab.page.evaluate(() => history.length)).toBe(length);
  await tab.page.goBack();
  await tab.waitForText('index page');
  expect(tab.path()).toBe('/');
  await tab.page.goForward();
  await tab.waitForText('something else page');
  expect(tab.path()).toBe('/hello');
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
});

test("router.push('/404') and push('/_error') show the error page at as's URL, not pages/[slug]", async () => {
  await tab.goto('/slug-1');
  await tab.waitForText('slug: slug-1');
  await tab.markWindow();
  await push('/404', '/slug-2');
  await tab.waitForText('custom 404 page');
  expect(tab.path()).toBe('/slug-2');
  await push('/slug-1');
  await tab.waitForText('slug: slug-1');
  // The built-in _error page (the app has none), with 404.
  await push('/_error', '/slug-3');
  await tab.waitForText('This page could not be found');
  expect(tab.path()).toBe('/slug-3');
  expect(await tab.isMarked()).toBe(true);
  expect(await heading()).not.toContain('slug:');
});

test("routeChangeError's messages: 'Route Cancelled' for a navigation a newer one replaced, 'Failed to load static props' for data that failed", async () => {
  await tab.goto('/');
  await push('/slow');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await push('/hello');
  await tab.waitForText('hello page');
  // Data answering 500 on a navigation: the error, then a full load of the target (its error page).
  await push('/broken-data');
  await eventually(async () => tab.path() === '/broken-data' && !(await tab.page.getByText('hello page').count()), 'the full load of /broken-data');
  await tab.page.waitForLoadState('load');
  const errors = await tab.page.evaluate(() => JSON.parse(sessionStorage.getItem('errors') ?? '[]'));
  expect(errors).toEqual([
    ['Route Cancelled', true],
    ['Failed to load static props', false],
  ]);
});

test('<Link href="/x/[[...slug]]" as="/x/value"> shows /x/value\'s page and data, after the root too', async () => {
  await tab.goto('/');
  await tab.markWindow();
  await tab.clickLink('#optional-root');
  await eventually(async () => (await tab.page.textContent('#catchall').catch(() => null)) === 'Catch all: []', 'the root page');
  expect(tab.path()).toBe('/catchall-optional');
  await tab.page.goBack();
  await tab.waitForText('index page');
  await tab.clickLink('#optional-value');
  await eventually(async () => (await tab.page.textContent('#catchall').catch(() => null)) === 'Catch all: [value]', 'the value page');
  expect(tab.path()).toBe('/catchall-optional/value');
  expect(tab.requestsTo('/_app/data/').filter((r) => r.includes('catchall-optional/value.json'))).not.toEqual([]);
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
});

test('a link to # is a hash change to the top of the page: written as the page\'s URL with an empty fragment, no data asked', async () => {
  await tab.goto('/counted');
  const served = await tab.page.textContent('#served');
  expect(await tab.page.getAttribute('#to-top', 'href')).toBe('/counted#');
  await tab.page.evaluate(() => window.scrollTo(0, 1200));
  await tab.markWindow();
  await tab.page.click('#to-top');
  await eventually(async () => (await tab.page.evaluate(() => location.href)).endsWith('/counted#'), 'the address bar shows /counted#');
  await eventually(async () => (await tab.page.evaluate(() => window.scrollY)) === 0, 'the page is scrolled to the top');
  expect(await tab.page.textContent('#served')).toBe(served);
  expect(await tab.isMarked()).toBe(true);
  expect(tab.errors).toEqual([]);
});
