/** The local bucket serves files under the assets folder and nothing outside it, whatever the path says. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createStaticFiles } from '../../../cli/serve/static-files';
import { checkProperty } from '../../helpers/property';

let root: string;
let serveStatic: ReturnType<typeof createStaticFiles>;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'stratus-static-'));
  mkdirSync(path.join(root, 'assets', 'photos'), { recursive: true });
  writeFileSync(path.join(root, 'assets', 'photos', 'a.jpg'), 'jpeg');
  writeFileSync(path.join(root, 'manifest.json'), '{"secret":true}');
  writeFileSync(path.join(root, 'assets-other.txt'), 'beside the bucket');
  serveStatic = createStaticFiles(path.join(root, 'assets'), [{ prefix: '', cacheControl: 'public, max-age=3600' }]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a file of the bucket is served', async () => {
  expect((await serveStatic('/photos/a.jpg'))?.status).toBe(200);
});

test('dot segments, raw or encoded, never leave the bucket', async () => {
  const attempts = [
    '/../manifest.json', '/photos/../../manifest.json', '/%2e%2e/manifest.json', '/..%2fmanifest.json', '/..%2Fmanifest.json',
    '/photos/%2e%2e%2f%2e%2e%2fmanifest.json', '/..\\manifest.json', '/%5c..%5cmanifest.json', '/../assets-other.txt', '/%2e%2e', '/',
  ];
  for (const attempt of attempts) expect(await serveStatic(attempt)).toBeNull();
});

test('generated paths made of dot segments, slashes and names reach nothing outside the bucket', async () => {
  const part = fc.constantFrom('..', '.', '%2e%2e', '%2E%2e', '%2f', '%5c', '\\', 'manifest.json', 'assets-other.txt', 'photos', 'a.jpg', '');
  await checkProperty(
    'static files stay in the bucket',
    fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 8 }), async (parts) => {
      const file = await serveStatic('/' + parts.join('/'));
      // Only the one file inside the bucket may ever be found.
      return file === null || file.body?.toString() === 'jpeg';
    }),
    2000,
  );
});

test('If-None-Match answers 304 for the file’s ETag, weak (as a proxy sends it) or strong, and for *', async () => {
  const etag = (await serveStatic('/photos/a.jpg'))!.headers.etag;
  for (const sent of [etag, `W/${etag}`, `"other", W/${etag}`, '*']) expect((await serveStatic('/photos/a.jpg', sent))?.status).toBe(304);
  expect((await serveStatic('/photos/a.jpg', '"other"'))?.status).toBe(200);
});
