/**
 * The runtime's lookup of a template-literal import in esbuild's glob map: the path as
 * written first, then with each extension in order, then as a folder's index; a miss is a
 * rejected promise with Next's "Cannot find module" error, never a synchronous throw.
 */
import { importContext } from '../../../../web/runtime/shared/import-context';

/** esbuild's lookup as it compiles it: keyed by full file names, a miss thrown synchronously. */
function glob(files: string[]): (path: string) => Promise<unknown> {
  return (path) => {
    if (files.includes(path)) return Promise.resolve(path);
    throw new Error('Module not found in bundle: ' + path);
  };
}

const EXTENSIONS = ['.tsx', '.ts', '.js'];

test('the path as written, then each extension in order, then a folder index', async () => {
  const lookup = glob(['./c/a.ts', './c/a.tsx', './c/b.js', './c/b/index.tsx', './c/d/index.js', './c/e']);
  const load = (name: unknown) => importContext((part) => lookup(`./c/${part}`), [name], EXTENSIONS);
  expect(await load('a')).toBe('./c/a.tsx');
  expect(await load('a.ts')).toBe('./c/a.ts');
  expect(await load('b')).toBe('./c/b.js');
  expect(await load('d')).toBe('./c/d/index.js');
  expect(await load('e')).toBe('./c/e');
  // Only the last part takes the suffix.
  const two = (a: string, b: string) => importContext((x, y) => lookup(`./${x}/${y}`), [a, b], EXTENSIONS);
  expect(await two('c', 'b')).toBe('./c/b.js');
});

test('a miss rejects with "Cannot find module", and without extensions the path is looked up as written alone', async () => {
  const lookup = glob(['./c/a.json']);
  const load = (name: string, extensions?: string[]) => importContext((part) => lookup(`./c/${part}`), [name], extensions);
  let promise: Promise<unknown> | undefined;
  expect(() => (promise = load('nothing', EXTENSIONS))).not.toThrow();
  await expect(promise).rejects.toMatchObject({ message: "Cannot find module './c/nothing'", code: 'MODULE_NOT_FOUND' });
  await expect(load('a')).rejects.toThrow("Cannot find module './c/a'");
  // Another error than a miss is passed on as it is, as a rejection too.
  const failure = new TypeError('not a string');
  await expect(importContext(() => { throw failure; }, ['x'])).rejects.toBe(failure);
});
