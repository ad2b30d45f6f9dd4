/** `this.getResolve(options)` of a loader: the loader's options, `'...'` for the defaults, a promise or a callback. */
import path from 'node:path';
import { loaderResolver } from '../../../cli/builder/loader-resolve';
import { tempApp } from '../../helpers/temp-app';

test("a loader's resolver: its fields and main files first, '...' for the defaults, by promise or callback; a miss is an error naming the request", async () => {
  const dir = tempApp({
    'node_modules/kit/package.json': JSON.stringify({ name: 'kit', style: 'kit.css', main: 'index.js' }),
    'node_modules/kit/kit.css': '',
    'node_modules/kit/index.js': '',
    'styles/parts/_index.scss': '',
    'styles/parts/index.js': '',
  });
  const styles = path.join(dir, 'styles');
  const sassLike = loaderResolver({ mainFields: ['style', '...'], mainFiles: ['_index', '...'], extensions: ['.scss', '...'], preferRelative: true }, { browser: true });
  await expect(sassLike(styles, 'kit')).resolves.toBe(path.join(dir, 'node_modules/kit/kit.css'));
  // preferRelative: a bare name is tried as ./parts first, and _index before index.
  await expect(sassLike(styles, 'parts')).resolves.toBe(path.join(styles, 'parts/_index.scss'));
  const plain = loaderResolver({}, { browser: false });
  await expect(plain(styles, 'kit')).resolves.toBe(path.join(dir, 'node_modules/kit/index.js'));
  const viaCallback = await new Promise<string | undefined>((done, fail) => plain(styles, './parts', (error, result) => (error ? fail(error) : done(result))));
  expect(viaCallback).toBe(path.join(styles, 'parts/index.js'));
  await expect(plain(styles, 'missing-kit')).rejects.toThrow(/missing-kit/);
});
