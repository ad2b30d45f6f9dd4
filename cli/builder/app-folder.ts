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
