/** `fetch` of a `file:` URL inside the function's folder answers with the file; any other is the real fetch's. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileContentType, withFileUrls } from '../../../../lambdas/render/api/file-fetch';
import { tempApp } from '../../../helpers/temp-app';

test('files inside the folder answer; a missing one 404; outside it, other schemes and other methods go to the real fetch', async () => {
  const root = tempApp({ 'assets/a.txt': 'hello', 'assets/b.woff2': 'font' });
  const calls: unknown[] = [];
  const real = (async (input: unknown) => {
    calls.push(String(input instanceof URL ? input.href : input));
    return new Response('real');
  }) as typeof fetch;
  const fetch = withFileUrls(real, [root]);
  const at = (file: string) => pathToFileURL(path.join(root, file));

  const text = await fetch(at('assets/a.txt'));
  expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([200, 'text/plain; charset=utf-8', 'hello']);
  expect((await fetch(at('assets/b.woff2').href)).headers.get('content-type')).toBe('font/woff2');
  expect((await fetch(at('assets/missing.txt'))).status).toBe(404);
  const head = await fetch(at('assets/a.txt'), { method: 'HEAD' });
  expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '5', '']);
  expect(calls).toEqual([]);

  await fetch('https://example.com/x');
  await fetch(pathToFileURL(path.join(path.dirname(root), 'elsewhere.txt')));
  await fetch(`file://${root}/../escape.txt`);
  await fetch(at('assets/a.txt'), { method: 'POST' });
  expect(calls).toEqual(['https://example.com/x', pathToFileURL(path.join(path.dirname(root), 'elsewhere.txt')).href, `file://${root}/../escape.txt`, at('assets/a.txt').href]);
});

test('content types by extension, bytes otherwise', () => {
  expect(fileContentType('/x/Inter.TTF')).toBe('font/ttf');
  expect(fileContentType('/x/a.png')).toBe('image/png');
  expect(fileContentType('/x/blob')).toBe('application/octet-stream');
});
