/** `stratus start`: build, then serve until SIGINT/SIGTERM, finishing requests in flight. */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { BuildError } from '../builder/errors';
import { readManifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../contract/output-layout';
import { localBodySigner, localEdgeStep, localImageHandler } from './local-origins';
import { listen } from './listen';
import { startServer } from './server';

export interface StartOptions {
  appDir: string;
  outDir?: string;
  port: number;
  rebuild: boolean;
  imageLambda?: boolean;
  log: (line: string) => void;
}

/** Fails at once when `port` is taken: before a build that would take seconds. */
async function checkPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await listen(probe, port);
  await new Promise((resolve) => probe.close(resolve));
}

export async function start(options: StartOptions) {
  const outDir = path.resolve(options.outDir ?? path.join(options.appDir, '.stratus'));
  await checkPortFree(options.port);
  if (options.rebuild) {
    // Loaded only to build: `stratus serve` runs without the builder in its heap.
    const { build } = require('../builder/build') as typeof import('../builder/build');
    await build({ appDir: options.appDir, outDir, imageLambda: options.imageLambda ?? false, log: options.log });
  } else if (!existsSync(path.join(outDir, OUTPUT_LAYOUT.manifest))) {
    throw new BuildError(`No build in ${outDir}: run "stratus build ${path.relative(process.cwd(), options.appDir)}" first, or use "stratus start".`);
  }
  const manifest = readManifest(path.join(outDir, OUTPUT_LAYOUT.manifest));
  // Regenerated pages in a folder beside the build (the render function's page store, as S3 is in AWS).
  process.env.STRATUS_LOCAL_PAGES ??= path.join(outDir, 'page-store');
  // The render function's folder as the working directory, as Lambda runs it (/var/task): files its code reads by
  // path.join(process.cwd(), …) are the ones the build shipped beside it (trace-files.ts), as they will be in AWS.
  process.chdir(path.join(outDir, OUTPUT_LAYOUT.renderLambda));
  const running = await startServer({
    outDir,
    port: options.port,
    imageHandler: localImageHandler(outDir, manifest),
    edge: localEdgeStep(manifest),
    originRequest: localBodySigner(),
  });
  options.log(`ready on ${running.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    options.log(`${signal}: finishing requests in flight…`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return running;
}
