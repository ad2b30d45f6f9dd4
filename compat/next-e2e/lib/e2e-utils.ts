/**
 * `e2e-utils` as Next's e2e test files import it: `nextTestSetup` (an app per describe
 * block, set up in beforeAll and destroyed in afterAll), `createNext`, the older
 * `createNextDescribe`, `FileRef`, and the mode flags. The mode is the runner's
 * (compat/next-e2e/run.ts): `deploy` by default, as a platform serves an app, or `start`.
 */
import { FileRef, NextInstance, type NextInstanceOpts } from './instance';
import { e2eMode } from './target';

export { FileRef, NextInstance };
export type { NextInstanceOpts };

export const isNextDev = false;
export const isNextStart = e2eMode() === 'start';
export const isNextDeploy = e2eMode() === 'deploy';
export const isTurbopack = true;

const instances = new Set<NextInstance>();

export async function createNext(opts: NextInstanceOpts): Promise<NextInstance> {
  const next = new NextInstance(opts);
  instances.add(next);
  try {
    await next.setup();
  } catch (error) {
    await next.destroy();
    throw error;
  }
  return next;
}

/** Destroys every app still running (the jest setup calls it after each test file). */
export async function destroyAll(): Promise<void> {
  await Promise.all([...instances].map((next) => next.destroy()));
  instances.clear();
}

export interface TestSetup {
  next: NextInstance;
  isNextDev: boolean;
  isNextStart: boolean;
  isNextDeploy: boolean;
  isTurbopack: boolean;
  skipped: boolean;
}

/**
 * An app for the enclosing describe block. `next` is usable in the tests (after beforeAll
 * made it); reading it at collection time gives the instance's fields as they are then.
 */
export function nextTestSetup(opts: NextInstanceOpts): TestSetup {
  let current: NextInstance | undefined;
  const skipped = Boolean(opts.skipDeployment && isNextDeploy);
  beforeAll(async () => {
    if (skipped) return;
    current = await createNext(opts);
  });
  afterAll(async () => {
    await current?.destroy();
  });
  const next = new Proxy({} as NextInstance, {
    get(_, key) {
      if (!current) {
        if (key === 'then') return undefined;
        throw new Error(`next.${String(key)} read before the app was set up (or its build failed)`);
      }
      const value = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  return { next, isNextDev, isNextStart, isNextDeploy, isTurbopack, skipped };
}

export function createNextDescribe(name: string, opts: NextInstanceOpts, fn: (setup: TestSetup) => void): void {
  describe(name, () => {
    const setup = nextTestSetup(opts);
    fn(setup);
  });
}
