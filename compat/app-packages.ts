/**
 * An app's own npm packages (the libraries app's), installed into its own git-ignored
 * node_modules on first use. Peer dependencies (next, react) are left out: Stratus provides
 * `next/*` and React itself, and the Next build links the benchmark's copies.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../bench/src/processes';

export async function installAppPackages(appDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const manifestFile = path.join(appDir, 'package.json');
  if (!existsSync(manifestFile)) return;
  const { dependencies = {} } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { dependencies?: Record<string, string> };
  const missing = Object.keys(dependencies).filter((name) => !existsSync(path.join(appDir, 'node_modules', name, 'package.json')));
  if (missing.length === 0) return;
  log(`installing ${missing.join(', ')} into ${path.basename(appDir)}/node_modules (first use)…`);
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--legacy-peer-deps', '--loglevel=error'], { cwd: appDir, timeoutMs: 300_000 });
}
