/**
 * Bodies as a browser sends them, through `stratus start` (or, with STRATUS_BASE_URL, a
 * deployment behind CloudFront): a plain form and a file upload with JavaScript off, and
 * `fetch` from a page. The bytes the handler received are compared with what was sent.
 */
import { createHash } from 'node:crypto';
import { openTab, siteAndBrowser } from '../../helpers/browser';

const env = siteAndBrowser('test/fixtures/apps/transport');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

interface Echo {
  method: string;
  contentType: string | null;
  length: number;
  sha256: string;
  base64: string | null;
}

describe('JavaScript off', () => {
  const noScript = () => env.browser.newContext({ javaScriptEnabled: false });

  test('a plain <form method="post"> reaches its getServerSideProps page, non-ASCII intact', async () => {
    const context = await noScript();
    try {
      const page = await context.newPage();
      await page.goto(`${env.site.url}/contact`);
      await page.fill('input[name="name"]', 'Adå');
      await page.fill('textarea[name="message"]', 'café ☃ 東京');
      await page.locator('form').first().locator('button').click();
      await page.locator('#thanks').waitFor();
      expect(await page.textContent('#method')).toBe('POST');
      expect(await page.textContent('#thanks')).toBe('Thanks, Adå: café ☃ 東京');
    } finally {
      await context.close();
    }
  });

  test('a multipart upload of a file holding every byte value arrives whole', async () => {
    const file = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
    const context = await noScript();
    try {
      const page = await context.newPage();
      await page.goto(`${env.site.url}/contact`);
      const upload = page.locator('form').nth(1);
      await upload.locator('input[type="file"]').setInputFiles({ name: 'bytes.bin', mimeType: 'application/octet-stream', buffer: file });
      await upload.locator('input[name="caption"]').fill('über');
      await upload.locator('button').click();
      await page.waitForURL('**/api/echo');
      const echo = JSON.parse((await page.textContent('body'))!) as Echo;
      expect(echo.method).toBe('POST');
      expect(echo.contentType).toMatch(/^multipart\/form-data; boundary=/);
      // The browser wrote the envelope; the handler got exactly those bytes, the file inside.
      const received = Buffer.from(echo.base64!, 'base64');
      expect(received.length).toBe(echo.length);
      expect(sha256(received)).toBe(echo.sha256);
      expect(received.includes(file)).toBe(true);
      expect(received.includes(Buffer.from('über'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

test('fetch from a page: the body the page sent is the body the handler read', async () => {
  const tab = await openTab(env.browser, env.site.url);
  try {
    await tab.goto('/');
    const sent = JSON.stringify({ greeting: 'grüß dich', emoji: '😀', n: 42 });
    const echo = await tab.page.evaluate(async (body) => {
      const response = await fetch('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return (await response.json()) as Echo;
    }, sent);
    expect(echo).toMatchObject({ method: 'POST', contentType: 'application/json', length: Buffer.byteLength(sent), sha256: sha256(sent) });
    expect(tab.errors).toEqual([]);
  } finally {
    await tab.close();
  }
});
