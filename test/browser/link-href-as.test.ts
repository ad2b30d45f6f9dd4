/**
 * `<Link href="/?postId=1" as="/post/1">`, as Next's with-route-as-modal example writes it: the
 * page (and its query) is href's, the address bar shows as; back and forward come back to the
 * same page; a full load of /post/1 is the post page itself, as in the pages router. A dialog
 * the page focuses as it opens keeps focus after the navigation (Escape closes it).
 */
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const APP = {
  // A modal as react-modal makes one: focused when it opens, closed by Escape (a push back to /).
  'components/Dialog.js':
    "import { useEffect, useRef } from 'react';\nimport { useRouter } from 'next/router';\nexport default function Dialog({ postId }) {\n  const router = useRouter();\n  const ref = useRef(null);\n  useEffect(() => ref.current.focus(), []);\n" +
    "  return <div id=\"dialog\" role=\"dialog\" tabIndex={-1} ref={ref} onKeyDown={(event) => event.key === 'Escape' && router.push('/')}>dialog for post {postId}</div>;\n}\n",
  'pages/index.js':
    "import Link from 'next/link';\nimport { useRouter } from 'next/router';\nimport Dialog from '../components/Dialog';\nexport default function Index() {\n  const router = useRouter();\n" +
    '  return <main><h1>index page</h1><p id="modal">{router.query.postId ? `modal for post ${router.query.postId}` : \'no modal\'}</p><p id="where">{router.pathname} {router.asPath}</p>{router.query.postId && <Dialog postId={router.query.postId} />}<Link href="/?postId=1" as="/post/1" id="masked">open post 1</Link><Link href="/about">About</Link></main>;\n}\n',
  'pages/post/[postId].js': "import { useRouter } from 'next/router';\nexport default function Post() { const { query } = useRouter(); return <main><h1>post page</h1><p>post {query.postId}</p></main>; }\n",
  'pages/about.js': 'export default function About() { return <h1>about page</h1>; }\n',
  'public/favicon.ico': '',
};

const env = siteAndBrowser(tempApp(APP, 'stratus-href-as-'));

test("a link's href picks the page and its query, its as the address bar; back and forward keep href's page; a full load of as is as's page", async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  await tab.markWindow();
  const focused = () => tab.page.evaluate(() => document.activeElement?.id);
  await tab.clickLink('#masked');
  await tab.waitForText('modal for post 1');
  expect(tab.path()).toBe('/post/1');
  expect(await tab.page.textContent('#where')).toBe('/ /post/1');
  // The dialog the page focused keeps focus (the announcer moves it only from the link clicked), so Escape closes it.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await focused()).toBe('dialog');
  await tab.page.keyboard.press('Escape');
  await tab.waitForText('no modal');
  expect(tab.path()).toBe('/');
  // A navigation that focuses nothing itself: the page container takes focus from the link.
  await tab.clickLink('#masked');
  await tab.waitForText('modal for post 1');
  await tab.clickLink('About');
  await tab.waitForText('about page');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await focused()).toBe('__next');
  await tab.page.goBack();
  await tab.waitForText('modal for post 1');
  expect(tab.path()).toBe('/post/1');
  await tab.page.goBack();
  await tab.waitForText('no modal');
  await tab.page.goForward();
  await tab.waitForText('modal for post 1');
  // All of it without a full load.
  expect(await tab.isMarked()).toBe(true);
  await tab.goto('/post/1');
  await tab.waitForText('post page');
  expect(tab.errors).toEqual([]);
  await tab.close();
});
