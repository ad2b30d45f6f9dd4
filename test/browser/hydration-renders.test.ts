/**
 * A static page hydrates with one render of the page, as under the pages router: the render
 * that follows hydration (the router becoming ready, the address bar's query) reaches what
 * reads the router, not the whole page, so an effect keyed on an object made in render
 * (with-videojs's player options) runs once; `useRouter().isReady` still becomes true.
 */
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const env = siteAndBrowser(
  tempApp(
    {
      'pages/index.js': `import { useEffect } from 'react';
import { useRouter } from 'next/router';
function Ready() { const router = useRouter(); return <p id="ready">{router.isReady ? 'ready' : 'not ready'} {JSON.stringify(router.query)}</p>; }
export default function Home() {
  const options = { autoplay: false };
  if (typeof window !== 'undefined') window.__renders = (window.__renders ?? 0) + 1;
  useEffect(() => { window.__effects = (window.__effects ?? 0) + 1; }, [options]);
  return <main><Ready /></main>;
}
`,
      'public/favicon.ico': '',
    },
    'stratus-hydration-renders-',
  ),
);

for (const search of ['', '?tab=2']) {
  test(`a static page${search ? ' opened with a query' : ''} renders once as it hydrates; what reads the router becomes ready`, async () => {
    const tab = await openTab(env.browser, env.site.url);
    await tab.goto(`/${search}`);
    await tab.waitForText(search ? 'ready {"tab":"2"}' : 'ready {}');
    await tab.page.waitForTimeout(200);
    expect(await tab.page.evaluate(() => [(window as unknown as { __renders: number }).__renders, (window as unknown as { __effects: number }).__effects])).toEqual([1, 1]);
    expect(tab.errors).toEqual([]);
    await tab.close();
  });
}
