/**
 * Node's `global` in browser code, as webpack gives it to Next apps: a package that reads it
 * as it loads (older npm packages do) and an app's own `global.analytics` (Next's
 * with-segment-analytics) both see the window's global object; the page hydrates.
 */
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const env = siteAndBrowser(
  tempApp(
    {
      'node_modules/uses-global/package.json': '{ "name": "uses-global", "version": "1.0.0", "main": "index.js" }\n',
      'node_modules/uses-global/index.js': "var root = global;\nexports.kind = typeof root.document;\n",
      'pages/index.js': `import { useEffect, useState } from 'react';
import { kind } from 'uses-global';
export default function Home() {
  const [seen, setSeen] = useState('not yet');
  useEffect(() => {
    global.analytics = { track: () => 'tracked' };
    setSeen(kind + ' ' + (global === window) + ' ' + window.analytics.track());
  }, []);
  return <p id="seen">{seen}</p>;
}
`,
      'public/favicon.ico': '',
    },
    'stratus-node-global-',
  ),
);

test('global is the window in the browser: a package reads it at load, the app writes to it', async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  await tab.waitForText('object true tracked');
  expect(tab.errors).toEqual([]);
  await tab.close();
});
