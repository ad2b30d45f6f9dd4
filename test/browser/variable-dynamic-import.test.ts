/**
 * `import(`../components/${name}`)` in the browser, as in Next's pages-dir dynamic-import
 * test ("variable-inserted path"): the name without its extension loads the `.tsx` file, a
 * folder's name its `index.tsx`, and a name no file has rejects the import's promise (the
 * page goes on), under `stratus start` and under `stratus dev`.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openTab, siteAndBrowser } from '../helpers/browser';
import { startDev, type DevServer } from '../helpers/stratus-process';
import { tempApp } from '../helpers/temp-app';

const APP = {
  'components/red-button.module.css': '.red { color: rgb(255, 0, 0); }\n',
  'components/red-button.tsx': "import styles from './red-button.module.css';\nexport const RedButton = () => <button className={styles.red}>red button</button>;\n",
  'components/panel/index.tsx': "export default function Panel() { return <p id=\"panel\">panel from its index</p>; }\n",
  'pages/index.tsx':
    "import { useEffect, useState, type ComponentType } from 'react';\nconst names = ['red-button', 'panel', 'nothing'];\n" +
    'export default function Home() {\n  const [Red, setRed] = useState<ComponentType>();\n  const [Panel, setPanel] = useState<ComponentType>();\n  const [missing, setMissing] = useState(\'waiting\');\n' +
    '  useEffect(() => {\n    import(`../components/${names[0]}`).then((module) => setRed(() => module.RedButton));\n    import(`../components/${names[1]}`).then((module) => setPanel(() => module.default));\n' +
    "    import(`../components/${names[2]}`).then(() => setMissing('found'), (error: Error) => setMissing(`rejected: ${error.message}`));\n  }, []);\n" +
    '  return <main>{Red ? <Red /> : <p>loading</p>}{Panel ? <Panel /> : null}<p id="missing">{missing}</p></main>;\n}\n',
  'public/favicon.ico': '',
};

const RED = 'rgb(255, 0, 0)';

async function check(browser: Browser, url: string): Promise<void> {
  const tab = await openTab(browser, url);
  await tab.goto('/');
  await tab.waitForText('red button');
  await tab.waitForText('panel from its index');
  await tab.waitForText('rejected:');
  expect(await tab.page.evaluate(() => getComputedStyle(document.querySelector('button')!).color)).toBe(RED);
  expect(await tab.page.textContent('#missing')).toBe("rejected: Cannot find module '../components/nothing'");
  expect(tab.errors).toEqual([]);
  await tab.close();
}

describe('stratus start', () => {
  const env = siteAndBrowser(tempApp(APP, 'stratus-variable-import-'));

  test("a file by its name without extension, a folder by its name, and a miss as a rejected promise", async () => {
    await check(env.browser, env.site.url);
  });
});

describe('stratus dev', () => {
  let dev: DevServer | undefined;
  let browser: Browser;

  beforeAll(async () => {
    [dev, browser] = await Promise.all([startDev(tempApp(APP, 'stratus-variable-import-dev-')), launchBrowser()]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
  });

  test('the same from the dev build', async () => {
    await check(browser, dev!.url);
  });
});
