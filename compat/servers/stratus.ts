/** Stratus's half: `stratus build` into a folder of the run's own, then `stratus serve` on a port. */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { run, startServer, type RunningServer } from '../../bench/src/processes';
import { REPO } from '../paths';

const STRATUS = path.join(REPO, 'bin', 'stratus.js');

export interface StratusBuild {
  outDir: string;
  buildId: string;
  seconds: number;
}

export async function buildWithStratus(appDir: string, outDir: string): Promise<StratusBuild> {
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  await run(process.execPath, [STRATUS, 'build', appDir, '--no-image', '--out', outDir], { cwd: REPO, timeoutMs: 300_000 });
  const { buildId } = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as { buildId: string };
  return { outDir, buildId, seconds: (performance.now() - started) / 1000 };
}

export function serveStratus(appDir: string, build: StratusBuild, port: number, probePath: string): Promise<RunningServer> {
  return startServer(process.execPath, [STRATUS, 'serve', appDir, '--out', build.outDir, '--port', String(port)], {
    cwd: REPO,
    port,
    probePath,
    timeoutMs: 60_000,
  });
}
