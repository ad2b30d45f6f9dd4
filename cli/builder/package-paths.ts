/**
 * Where packages are, as Node finds them: the package a bare import names, the folder it is
 * installed in above a given folder, and the package a file in node_modules belongs to. Used
 * wherever the build reasons about packages (the render bundle's shipped packages, the config's
 * imports, Sass's `~` imports, top-level await retries).
 *
 * @example
 * packageNameOf('@scope/name/sub');                   // '@scope/name'
 * packageDirFrom('bcrypt', '/app/pages/api');          // '/app/node_modules/bcrypt'
 * packageOfFile('/app/node_modules/@a/b/lib/x.js');    // { name: '@a/b', dir: '/app/node_modules/@a/b' }
 */
import { builtinModules } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** A package name from a bare import (`@scope/name/sub` → `@scope/name`); undefined for paths, URLs and Node's modules. */
export function packageNameOf(specifier: string): string | undefined {
  if (/^(?:[./]|[A-Za-z]:[\\/]|node:|data:|file:)/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (!/^(?:@[\w.-]+\/)?[\w.-]+$/.test(name) || builtinModules.includes(name)) return undefined;
  return name;
}

/** The folder of package `name` as Node finds it from `fromDir`: the nearest `node_modules/<name>` with a package.json. */
export function packageDirFrom(name: string, fromDir: string): string | undefined {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The package a file in node_modules belongs to, and its folder (the innermost `node_modules` of the path); undefined outside. */
export function packageOfFile(file: string): { name: string; dir: string } | undefined {
  const parts = file.split(/[/\\]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const end = parts[at + 1]!.startsWith('@') ? at + 3 : at + 2;
  return { name: parts.slice(at + 1, end).join('/'), dir: parts.slice(0, end).join(path.sep) };
}
