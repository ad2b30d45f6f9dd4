/**
 * Work that must run in the app's folder, as `next build` runs it there (PostCSS plugins and
 * loaders such as Tailwind resolve their globs and scan for class names from the working
 * directory): one piece at a time across the whole build, since the working directory is the
 * process's, and restored after each. A piece must not wait for another inside it.
 *
 * @example
 * const css = await inAppFolder(appDir, () => processor.process(text, { from }));
 */
let queue: Promise<unknown> = Promise.resolve();

export function inAppFolder<T>(appDir: string, work: () => Promise<T>): Promise<T> {
  const result = queue.then(async () => {
    const cwd = process.cwd();
    process.chdir(appDir);
    try {
      return await work();
    } finally {
      process.chdir(cwd);
    }
  });
  queue = result.catch(() => undefined);
  return result;
}

/** What `next build` sets while it loads and prerenders pages (`next/constants`' PHASE_PRODUCTION_BUILD). */
export const BUILD_PHASE = 'phase-production-build';

/**
 * Work that loads and runs the app's server code during the build, with `process.env.NEXT_PHASE`
 * saying so, as in Next's build workers: apps guard runtime-only work (database clients, secret
 * reads, env validation) with `NEXT_PHASE !== 'phase-production-build'`. Restored after.
 */
export async function inBuildPhase<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.NEXT_PHASE;
  process.env.NEXT_PHASE = BUILD_PHASE;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.NEXT_PHASE;
    else process.env.NEXT_PHASE = before;
  }
}
