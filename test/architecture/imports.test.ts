/**
 * The direction of imports between the top-level folders (docs/ARCHITECTURE.md): the
 * contract at the bottom, nothing imports upward, nothing but bin/ imports cli/; within the
 * render function, between its folders, and where the AWS SDK may be required.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The render function's folders (docs/ARCHITECTURE.md): `lambda/` wires the rest, the core
 * uses the others, and they do not reach back into the core beyond the outcome type the
 * stages pass (core/outcome.ts). What each may import besides itself and that file:
 */
const RENDER = 'lambdas/render';
const RENDER_ALLOWED: Record<string, string[]> = {
  lambda: ['core', 'routing', 'html', 'api', 'data', 'static', 'ports'],
  core: ['routing', 'html', 'api', 'data', 'static', 'ports'],
  routing: [],
  html: [],
  api: ['ports'],
  data: ['api'],
  static: ['data', 'html', 'ports'],
  ports: [],
};
const OUTCOME = `${RENDER}/core/outcome.ts`;

/** The render folder a file or import target is in (`core`, `ports`, …), or undefined outside lambdas/render/. */
function renderFolderOf(file: string): string | undefined {
  if (!file.startsWith(RENDER + '/')) return undefined;
  return file.slice(RENDER.length + 1).split('/')[0];
}

/** An import target as a file: specifiers leave the extension off. */
function withExtension(target: string): string {
  return [`${target}.ts`, `${target}.tsx`].find((file) => existsSync(path.join(ROOT, file))) ?? target;
}

test('every file of lambdas/render sits in one of its folders', () => {
  const loose = sourceFiles(RENDER).filter((file) => !(renderFolderOf(file)! in RENDER_ALLOWED));
  expect(loose).toEqual([]);
});

test.each(Object.keys(RENDER_ALLOWED))('lambdas/render/%s imports only the render folders it may', (folder) => {
  const wrong: string[] = [];
  for (const file of sourceFiles(`${RENDER}/${folder}`)) {
    for (const target of importsOf(file).map(withExtension)) {
      const targetFolder = renderFolderOf(target);
      if (targetFolder === undefined || targetFolder === folder || target === OUTCOME) continue;
      if (!RENDER_ALLOWED[folder]!.includes(targetFolder)) wrong.push(`${file} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});

/** Port implementations that call AWS; the only files that may name an AWS SDK package. */
const AWS_PORTS = ['aws-secrets.ts', 'cloudfront-invalidations.ts', 'dynamodb-lease.ts', 's3-pages.ts'].map((f) => `${RENDER}/ports/${f}`);

test('only the AWS implementations in lambdas/render/ports require an AWS SDK package', () => {
  const wrong = sourceFiles(RENDER).filter((file) => !AWS_PORTS.includes(file) && /@aws-sdk\//.test(readFileSync(path.join(ROOT, file), 'utf8')));
  expect(wrong).toEqual([]);
  // And each named one does (a renamed file would leave this list stale).
  for (const file of AWS_PORTS) expect(readFileSync(path.join(ROOT, file), 'utf8')).toMatch(/@aws-sdk\//);
});

/** What the core and its in-memory tests may take from ports/: the interfaces and the memory implementations. */
const isMemoryPort = (target: string) => /\/ports\/(ports|memory-[a-z-]+|no-[a-z-]+)\.ts$/.test(target);

test('outside lambda/ and ports/, and in the in-memory tests, ports/ gives only its interfaces and memory implementations', () => {
  const inMemoryTests = sourceFiles('test/lambdas/render').filter((file) => /(^|\/)memory-app\.tsx$|\.memory\.test\.tsx?$/.test(file));
  const users = [...sourceFiles(RENDER).filter((file) => !['lambda', 'ports'].includes(renderFolderOf(file)!)), ...inMemoryTests];
  expect(inMemoryTests.length).toBeGreaterThan(0);
  const wrong: string[] = [];
  for (const file of users) {
    for (const target of importsOf(file).map(withExtension)) {
      if (renderFolderOf(target) === 'ports' && !isMemoryPort(target)) wrong.push(`${file} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});

/**
 * The runtime's public modules (the files at the top of web/runtime, and next/) are faces
 * for apps; the framework's own code (the runtime's internal folders, the functions) imports
 * what they re-export from the internals instead, so a face can change without moving them.
 */
const RUNTIME = 'web/runtime';
const isPublicRuntimeModule = (target: string) => target.startsWith(`${RUNTIME}/`) && (!target.slice(RUNTIME.length + 1).includes('/') || target.startsWith(`${RUNTIME}/next/`));

test('internals never import the public runtime modules', () => {
  const internals = [
    ...readdirSync(path.join(ROOT, RUNTIME), { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'next' && entry.name !== 'types').flatMap((entry) => sourceFiles(`${RUNTIME}/${entry.name}`)),
    ...sourceFiles('lambdas'),
  ];
  expect(internals.length).toBeGreaterThan(20);
  const wrong: string[] = [];
  for (const file of internals) {
    for (const target of importsOf(file).map(withExtension)) if (isPublicRuntimeModule(target)) wrong.push(`${file} → ${target}`);
  }
  expect(wrong).toEqual([]);
});
