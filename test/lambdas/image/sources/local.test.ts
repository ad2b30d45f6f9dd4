import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSource } from '../../../../lambdas/image/sources/local';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stratus-local-source-'));
  mkdirSync(join(dir, 'photos', 'folder'), { recursive: true });
  writeFileSync(join(dir, 'photos', 'small.jpg'), Buffer.from([1, 2, 3]));
  // Over the size read in one blocking call: read asynchronously, the same bytes.
  writeFileSync(join(dir, 'photos', 'large.jpg'), Buffer.alloc(5 * 1024 * 1024, 7));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('small and large files arrive whole', async () => {
  const source = createLocalSource(dir);
  expect([...(await source.load('/photos/small.jpg')).buffer]).toEqual([1, 2, 3]);
  const large = (await source.load('/photos/large.jpg')).buffer;
  expect(large.length).toBe(5 * 1024 * 1024);
  expect(large.every((byte) => byte === 7)).toBe(true);
});

test('a missing file and a folder are 404; a file over the limit is refused before it is read', async () => {
  const source = createLocalSource(dir, { maxInputBytes: 4 * 1024 * 1024 });
  await expect(source.load('/photos/missing.jpg')).rejects.toMatchObject({ statusCode: 404 });
  await expect(source.load('/photos/folder')).rejects.toMatchObject({ statusCode: 404 });
  await expect(source.load('/photos/large.jpg')).rejects.toMatchObject({ statusCode: 400, message: `The requested resource is too large: ${5 * 1024 * 1024} bytes, the limit is ${4 * 1024 * 1024} bytes.` });
});
