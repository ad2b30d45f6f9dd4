/**
 * Web Workers in Chromium, written as Next's with-web-worker example writes them:
 * `new Worker(new URL('../worker.ts', import.meta.url))` in a page (a module worker in
 * TypeScript with an import of its own), in a component (a classic worker) and a
 * `SharedWorker`, each answering the page, under `stratus start` and under `stratus dev`.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openTab, siteAndBrowser, type Tab } from '../helpers/browser';
import { startDev, type DevServer } from '../helpers/stratus-process';
import { tempApp } from '../helpers/temp-app';


const APP = {
  'lib/math.ts': 'export const double = (n: number): number => n * 2;\n',
  'workers/double.ts': "import { double } from '../lib/math';\naddEventListener('message', (event: MessageEvent<number>) => postMessage(double(event.data)));\n",
  'workers/triple.js': "addEventListener('message', (event) => postMessage(event.data * 3));\n",
  'workers/shared.js': "addEventListener('connect', (event) => {\n  const port = event.ports[0];\n  port.onmessage = (message) => port.postMessage(`${message.data} via a shared worker`);\n});\n",
  'components/Tripler.js':
    "import { useEffect, useState } from 'react';\nexport default function Tripler() {\n  const [text, setText] = useState('waiting');\n  useEffect(() => {\n" +
    "    const worker = new Worker(new URL('../workers/triple.js', import.meta.url));\n    worker.onmessage = (event) => setText(`tripled ${event.data}`);\n    worker.postMessage(5);\n    return () => worker.terminate();\n  }, []);\n  return <p id=\"tripled\">{text}</p>;\n}\n",
  'pages/index.tsx':
    "import { useEffect, useState } from 'react';\nimport Link from 'next/link';\nimport Tripler from '../components/Tripler';\nexport default function Home() {\n  const [text, setText] = useState('waiting');\n  useEffect(() => {\n" +
    "    const worker = new Worker(new URL('../workers/double.ts', import.meta.url), { type: 'module' });\n    worker.onmessage = (event: MessageEvent<number>) => setText(`answer ${event.data}`);\n    worker.onerror = () => setText('worker error');\n    worker.postMessage(20);\n    return () => worker.terminate();\n  }, []);\n" +
    '  return <main><p id="answer">{text}</p><Tripler /><Link href="/shared">Shared</Link></main>;\n}\n',
  'pages/shared.js':
    "import { useEffect, useState } from 'react';\nexport default function Shared() {\n  const [text, setText] = useState('waiting');\n  useEffect(() => {\n" +
    "    const worker = new SharedWorker(new URL('../workers/shared.js', import.meta.url));\n    worker.port.onmessage = (event) => setText(event.data);\n    worker.port.postMessage('hello');\n  }, []);\n  return <p id=\"shared\">{text}</p>;\n}\n",
  'public/favicon.ico': '',
};

/** What the visitor sees of each worker's answer. */
const answers = (tab: Tab) => tab.page.evaluate(() => ['answer', 'tripled', 'shared'].map((id) => document.getElementById(id)?.textContent ?? null));

/** The page's requests that failed (a worker's script that is not there is a 404, not a console error). */
function failures(tab: Tab): string[] {
  const failed: string[] = [];
  tab.page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failed;
}

describe('stratus start', () => {
  const env = siteAndBrowser(tempApp(APP, 'stratus-web-worker-'));

  test("a page's module worker in TypeScript and a component's classic worker answer the page", async () => {
    const tab = await openTab(env.browser, env.site.url);
    const failed = failures(tab);
    await tab.goto('/');
    await tab.waitForText('answer 40');
    await tab.waitForText('tripled 15');
    expect(await answers(tab)).toEqual(['answer 40', 'tripled 15', null]);
    // Loaded from the build's static files.
    expect(tab.requests.filter((request) => request.includes('worker-')).sort()).toEqual([expect.stringMatching(/^\/_app\/static\/media\/worker-double-\w+\.js$/), expect.stringMatching(/^\/_app\/static\/media\/worker-triple-\w+\.js$/)]);
    expect(failed).toEqual([]);
    expect(tab.errors).toEqual([]);
    await tab.close();
  });

  test('a SharedWorker answers a page reached by a soft navigation', async () => {
    const tab = await openTab(env.browser, env.site.url);
    const failed = failures(tab);
    await tab.goto('/');
    await tab.markWindow();
    await tab.clickLink('Shared');
    await tab.waitForText('hello via a shared worker');
    expect(await tab.isMarked()).toBe(true);
    expect(failed).toEqual([]);
    expect(tab.errors).toEqual([]);
    await tab.close();
  });
});

describe('stratus dev', () => {
  let dev: DevServer | undefined;
  let browser: Browser;

  beforeAll(async () => {
    [dev, browser] = await Promise.all([startDev(tempApp(APP, 'stratus-web-worker-dev-')), launchBrowser()]);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
  });

  test('the workers are served from the dev build and answer the page', async () => {
    const tab = await openTab(browser, dev!.url);
    const failed = failures(tab);
    await tab.goto('/');
    await tab.waitForText('answer 40');
    await tab.waitForText('tripled 15');
    expect(await answers(tab)).toEqual(['answer 40', 'tripled 15', null]);
    expect(failed).toEqual([]);
    expect(tab.errors).toEqual([]);
    await tab.close();
  });
});
