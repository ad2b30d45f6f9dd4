/**
 * One home for response rules (docs/ARCHITECTURE.md): every `Cache-Control` value the
 * functions, the stack and the local server send is named in lambdas/shared/cache-control.ts,
 * and `If-None-Match` is read by lambdas/shared/etag.ts alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules') && !file.split(path.sep).includes('template'));
}

/** Code lines, without whole-line comments. */
const codeOf = (file: string) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));

const FILES = ['lambdas', 'cli', 'infra'].flatMap(sourceFiles);

test('Cache-Control values are written in lambdas/shared/cache-control.ts only', () => {
  const VALUE = /['"`](?:(?:public|private), [^'"`]*|no-store|no-cache)['"`]/;
  const wrong = FILES.filter((file) => file !== 'lambdas/shared/cache-control.ts').flatMap((file) => codeOf(file).filter((line) => VALUE.test(line)).map((line) => `${file}: ${line.trim()}`));
  expect(wrong).toEqual([]);
});

test('If-None-Match is compared in lambdas/shared/etag.ts only', () => {
  const wrong = FILES.filter((file) => file !== 'lambdas/shared/etag.ts').filter((file) => codeOf(file).some((line) => /(?:ifNoneMatch|\['if-none-match'\])\s*\.\s*split/.test(line) || /replace\(\/\^W\\\//.test(line)));
  expect(wrong).toEqual([]);
});
