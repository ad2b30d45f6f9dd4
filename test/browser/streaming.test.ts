/**
 * Streaming answers in Chromium, on the sample site served by `stratus start` (its API
 * routes on the streaming handler, as behind the stack's streaming Function URL): the story
 * page shows the first words while the handler is still writing, with JavaScript (the
 * answer's body read as it comes) and without (the streamed HTML page the browser shows as
 * it arrives); a real EventSource parses the route's server-sent events one by one.
 * The story takes about 4.6 s to tell (58 words, 80 ms apart): the first words must show
 * seconds before the end, a margin a loaded machine cannot blur.
 */
import { openTab, siteAndBrowser } from '../helpers/browser';

const env = siteAndBrowser('web/site');

test('with JavaScript: the first words show while the route is still writing, the whole story at the end', async () => {
  const tab = await openTab(env.browser, env.site.url);
  try {
    await tab.goto('/story');
    await tab.page.click('button[type=submit]');
    const started = Date.now();
    await tab.page.waitForFunction(() => (document.querySelector('#story')?.textContent ?? '').length > 0, undefined, { timeout: 10_000 });
    const firstWordsAt = Date.now() - started;
    expect(await tab.page.getAttribute('#story', 'data-state')).toBe('telling');
    const early = (await tab.page.textContent('#story'))!;
    // The first words, not the story's end.
    expect(early).toMatch(/^We\b/);
    expect(early).not.toMatch(/west\.$/);
    await tab.page.waitForSelector('#story[data-state=done]', { timeout: 15_000 });
    const doneAt = Date.now() - started;
    expect(doneAt - firstWordsAt).toBeGreaterThan(2000);
    expect(await tab.page.textContent('#story')).toMatch(/^We left the car by the old mill .* from the west\.$/);
    // The visit did not reload the page: the words came through the script.
    expect(tab.page.url()).toMatch(/\/story$/);
  } finally {
    await tab.close();
  }
}, 40_000);

test('without JavaScript: the form opens the streamed page, which shows its first words before it ends', async () => {
  const context = await env.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${env.site.url}/story`);
    const started = Date.now();
    await page.click('button[type=submit]', { noWaitAfter: true });
    await page.waitForFunction(() => (document.querySelector('#story')?.textContent ?? '').length > 0, undefined, { timeout: 10_000 });
    const firstWordsAt = Date.now() - started;
    // The document is still arriving: its end is not there yet.
    expect(await page.locator('#story-end').count()).toBe(0);
    await page.waitForSelector('#story-end', { timeout: 15_000 });
    expect(Date.now() - started - firstWordsAt).toBeGreaterThan(2000);
    expect(page.url()).toMatch(/\/api\/story\?format=html&lang=en$/);
    expect(await page.textContent('#story')).toMatch(/^We left .* from the west\.$/);
  } finally {
    await context.close();
  }
}, 40_000);

test('a real EventSource parses the route’s server-sent events one by one, as they are written', async () => {
  const tab = await openTab(env.browser, env.site.url);
  try {
    await tab.goto('/story');
    const events = await tab.page.evaluate(
      () =>
        new Promise<{ data: string; at: number; type: string }[]>((resolve, reject) => {
          const received: { data: string; at: number; type: string }[] = [];
          const started = performance.now();
          const source = new EventSource('/api/story?format=sse&pace=60');
          source.onmessage = (event) => received.push({ data: event.data, at: performance.now() - started, type: 'message' });
          source.addEventListener('done', (event) => {
            received.push({ data: (event as MessageEvent).data, at: performance.now() - started, type: 'done' });
            source.close();
            resolve(received);
          });
          source.onerror = () => {
            source.close();
            reject(new Error(`EventSource failed after ${received.length} events`));
          };
        }),
    );
    const messages = events.filter((e) => e.type === 'message');
    expect(messages).toHaveLength(58);
    expect(messages.map((m) => m.data).join('')).toMatch(/^We left .* from the west\.$/);
    expect(events.at(-1)).toMatchObject({ type: 'done', data: 'end' });
    // 57 pauses of 60 ms: the last event came seconds after the first.
    expect(events.at(-1)!.at - messages[0]!.at).toBeGreaterThan(2000);
  } finally {
    await tab.close();
  }
}, 40_000);
