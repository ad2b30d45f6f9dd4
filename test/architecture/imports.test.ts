/**
 * The direction of imports between the top-level folders (docs/ARCHITECTURE.md): the
 * contract at the bottom, nothing imports upward, nothing but bin/ imports cli/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** What each source folder may import from our own tree (besides itself). */
const ALLOWED: Record<string, string[]> = {
  contract: [],
  'web/runtime': ['contract'],
  lambdas: ['contract', 'web/runtime'],
  infra: ['contract', 'lambdas', 'web/runtime'],
  cli: ['contract', 'web/runtime', 'lambdas', 'infra'],
};
const LAYERS = Object.keys(ALLOWED).sort((a, b) => b.length - a.length);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|cjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}

function layerOf(file: string): string | undefined {
  return LAYERS.find((layer) => file === layer || file.startsWith(layer + '/'));
}

/** Relative specifiers in import, export-from, require and dynamic import. */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import|require)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((spec) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec)));
}

test.each(Object.keys(ALLOWED))('%s imports only the folders below it', (layer) => {
  const wrong: string[] = [];
  for (const file of sourceFiles(layer)) {
    for (const target of importsOf(file)) {
      const targetLayer = layerOf(target);
      if (targetLayer === undefined || targetLayer === layer) continue;
      if (!ALLOWED[layer]!.includes(targetLayer)) wrong.push(`${file} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});

test('nothing outside cli/, bin/, bench/ and test/ imports cli/', () => {
  const wrong: string[] = [];
  for (const layer of ['contract', 'web', 'lambdas', 'infra']) {
    for (const file of sourceFiles(layer)) {
      for (const target of importsOf(file)) if (target === 'cli' || target.startsWith('cli/')) wrong.push(`${file} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});
