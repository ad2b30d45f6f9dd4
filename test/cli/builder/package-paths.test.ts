/**
 * Where packages are (cli/builder/package-paths.ts): the package a bare import names, its folder
 * as Node finds it, and the package a file in node_modules belongs to.
 */
import path from 'node:path';
import { packageDirFrom, packageNameOf, packageOfFile } from '../../../cli/builder/package-paths';
import { tempApp } from '../../helpers/temp-app';

test('a bare import names its package; paths, URLs and Node modules name none', () => {
  expect(packageNameOf('bcrypt')).toBe('bcrypt');
  expect(packageNameOf('@node-rs/argon2/browser')).toBe('@node-rs/argon2');
  expect(packageNameOf('lodash/fp/map')).toBe('lodash');
  for (const specifier of ['./x', '../x', '/abs/x', 'node:fs', 'fs', 'path', 'data:text/plain,x', 'C:\\x']) expect(packageNameOf(specifier)).toBeUndefined();
});

test('a package is found in the nearest node_modules above, only where its package.json is', () => {
  const app = tempApp({
    'node_modules/outer/package.json': '{}',
    'node_modules/outer/node_modules/inner/package.json': '{}',
    'node_modules/inner/package.json': '{}',
    'node_modules/no-manifest/index.js': '',
  });
  expect(packageDirFrom('inner', path.join(app, 'node_modules', 'outer', 'lib'))).toBe(path.join(app, 'node_modules', 'outer', 'node_modules', 'inner'));
  expect(packageDirFrom('inner', path.join(app, 'pages'))).toBe(path.join(app, 'node_modules', 'inner'));
  expect(packageDirFrom('no-manifest', app)).toBeUndefined();
  expect(packageDirFrom('absent', app)).toBeUndefined();
});

test("a file's package is the innermost node_modules entry of its path, scoped or not", () => {
  expect(packageOfFile(path.join('/app', 'node_modules', '@a', 'b', 'lib', 'x.js'))).toEqual({ name: '@a/b', dir: path.join('/app', 'node_modules', '@a', 'b') });
  expect(packageOfFile(path.join('/app', 'node_modules', 'outer', 'node_modules', 'inner', 'x.js'))).toEqual({ name: 'inner', dir: path.join('/app', 'node_modules', 'outer', 'node_modules', 'inner') });
  expect(packageOfFile(path.join('/app', 'pages', 'index.js'))).toBeUndefined();
});
