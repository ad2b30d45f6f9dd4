/**
 * `<Link onNavigate>` as the pages router calls it: on a click that moves within the site,
 * before the router does, and its `preventDefault()` keeps the page; not on a modified click.
 * A `replace` link to another origin replaces the history entry rather than adding one.
 */
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const env = siteAndBrowser(
  tempApp(
    {
      'pages/index.js': `import Link from 'next/link';
import { useEffect, useState } from 'react';
export default function Home() {
  const [navigations, setNavigations] = useState(0);
  const [locked, setLocked] = useState(false);
  // Another origin: the same server by another name.
  const [elsewhere, setElsewhere] = useState(null);
  useEffect(() => setElsewhere(location.origin.replace('127.0.0.1', 'localhost') + '/other'), []);
  return (
    <main>
      <p id="navigations">navigations {navigations}</p>
      <button id="lock" onClick={() => setLocked(true)}>lock</button>
      <Link id="inside" href="/other" onNavigate={(e) => { setNavigations((n) => n + 1); if (locked) e.preventDefault(); }}>Other</Link>
      {elsewhere && <Link id="elsewhere" href={elsewhere} replace>Elsewhere</Link>}
    </main>
  );
}
`,
      'pages/other.js': 'export default function Other() { return <p id="other">other page</p>; }\n',
      'public/favicon.ico': '',
    },
    'stratus-link-on-navigate-',
  ),
);

test('onNavigate runs before a navigation within the site, and its preventDefault keeps the page', async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  await tab.markWindow();
  await tab.page.click('#lock');
  await tab.page.click('#inside');
  await tab.waitForText('navigations 1');
  expect(tab.path()).toBe('/');
  await tab.page.reload();
  await tab.page.click('#inside');
  await tab.waitForText('other page');
  expect(tab.path()).toBe('/other');
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test('a replace link to another origin replaces the history entry', async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  await tab.page.waitForSelector('#elsewhere');
  const before = await tab.page.evaluate(() => history.length);
  await Promise.all([tab.page.waitForURL(/localhost:\d+\/other$/), tab.page.click('#elsewhere')]);
  expect(await tab.page.evaluate(() => history.length)).toBe(before);
  expect(tab.errors).toEqual([]);
  await tab.close();
});
