/**
 * `<Image placeholder="blur">` of a static import in Chromium: the blurred preview shows
 * behind the image while it loads and goes once it has, and `onLoadingComplete` is called
 * once; the preview is gone too when the image loaded before React hydrated.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeJpeg } from '../fixtures/images/fixtures';
import { openTab, siteAndBrowser } from '../helpers/browser';
import { tempApp } from '../helpers/temp-app';

const dir = tempApp(
  {
    'pages/index.js': `import Image from 'next/image';
import photo from '../photo.jpg';
export default function Home() {
  return <Image id="photo" src={photo} alt="a photo" placeholder="blur" priority onLoadingComplete={() => { window.__completed = (window.__completed ?? 0) + 1; }} />;
}
`,
    'public/favicon.ico': '',
  },
  'stratus-image-placeholder-',
);
beforeAll(async () => writeFileSync(path.join(dir, 'photo.jpg'), await makeJpeg(640, 400)));
const env = siteAndBrowser(dir);

const preview = (tab: { page: import('playwright-core').Page }) => tab.page.evaluate(() => (document.getElementById('photo') as HTMLImageElement).style.backgroundImage);

test('the blurred preview shows while the image loads, and goes with onLoadingComplete called once when it has', async () => {
  const tab = await openTab(env.browser, env.site.url);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await tab.page.route('**/_app/image?**', async (route) => {
    await held;
    await route.continue();
  });
  await tab.page.goto(`${env.site.url}/`, { waitUntil: 'domcontentloaded' });
  expect(await preview(tab)).toMatch(/^url\("data:image\/svg\+xml;charset=utf-8,/);
  release();
  await tab.page.waitForFunction(() => (window as unknown as { __completed?: number }).__completed === 1);
  expect(await preview(tab)).toBe('');
  await tab.page.waitForTimeout(300);
  expect(await tab.page.evaluate(() => (window as unknown as { __completed?: number }).__completed)).toBe(1);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test('an image loaded before React hydrated loses its preview when React attaches', async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  await tab.page.waitForFunction(() => (window as unknown as { __completed?: number }).__completed === 1);
  expect(await preview(tab)).toBe('');
  expect(tab.errors).toEqual([]);
  await tab.close();
});
