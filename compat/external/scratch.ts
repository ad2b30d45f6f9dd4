/**
 * Where code written by others lives while it is measured: a scratch folder outside the
 * repository (their code never enters the project). Next.js is installed there once, and
 * every build of a fixture happens in a folder below that install, so that Next's bundler
 * (whose root is the folder of the nearest lockfile) finds the linked packages inside its
 * root.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../../bench/src/processes';

export const DEFAULT_SCRATCH = '/work/scratch/compat-harness';
/** The Next.js the measurements are against, as the issue names it. */
export const NEXT_VERSION = '16.4.6';
/** Installed beside Next: its React, and what `next build` needs for TypeScript apps. */
const NEXT_PACKAGES: Record<string, string> = {
  next: NEXT_VERSION,
  react: '19.3.1',
  'react-dom': '19.3.1',
  typescript: '5.9.3',
  '@types/react': '19.3.0',
  '@types/node': '20.19.43',
};

export interface Scratch {
  root: string;
  /** Next's install: `<root>/next` with its node_modules. */
  nextDir: string;
  /** Builds of both frameworks, below the install (see above). */
  workDir: string;
}

export function scratchAt(root = process.env.STRATUS_COMPAT_SCRATCH ?? DEFAULT_SCRATCH): Scratch {
  const nextDir = path.join(root, 'next');
  return { root, nextDir, workDir: path.join(nextDir, 'work') };
}

/** The installed Next's version, or null when Next is not installed there (as in CI). */
export function installedNextVersion(scratch: Scratch): string | null {
  const manifest = path.join(scratch.nextDir, 'node_modules', 'next', 'package.json');
  if (!existsSync(manifest)) return null;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export const nextBin = (scratch: Scratch) => path.join(scratch.nextDir, 'node_modules', 'next', 'dist', 'bin', 'next');

/** Installs Next (and its React) into the scratch folder on first use; returns its version. */
export async function ensureNext(scratch: Scratch, log: (line: string) => void): Promise<string> {
  const have = installedNextVersion(scratch);
  if (have) return have;
  mkdirSync(scratch.nextDir, { recursive: true });
  const manifest = { name: 'stratus-compat-next', private: true, dependencies: NEXT_PACKAGES };
  writeFileSync(path.join(scratch.nextDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  log(`installing next@${NEXT_VERSION} into ${scratch.nextDir} (first use)…`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: scratch.nextDir, timeoutMs: 900_000 });
  return installedNextVersion(scratch)!;
}
