/**
 * The app's `instrumentation.ts` (at its root, or in `src/`), as the pages router runs it:
 * `register()` once per server start, awaited before the first request (here: once per
 * instance, after the app's secrets are read, so it may use them), then Stratus's own tracing
 * when the environment asks for it and `register()` set up none (lambdas/shared/tracing/setup.ts).
 * `onRequestError` is the core's (core/request-error.ts).
 */
import { logError } from '../../shared/log';
import { startTracing } from '../../shared/tracing/setup';
import type { OnRequestError } from '../core/request-error';

/** What `instrumentation.ts` may export. */
export interface InstrumentationModule {
  register?: () => unknown;
  onRequestError?: OnRequestError;
}

/**
 * Once per process: `stratus dev` loads each new build's bundle into the same process, and
 * a tracer provider cannot be registered twice.
 */
const REGISTERED = Symbol.for('stratus.instrumentation.registered');

/**
 * Runs `register()` (once per process; a failure is logged and the site serves without it),
 * then starts Stratus's tracing if asked for.
 */
export async function startInstrumentation(instrumentation: InstrumentationModule | undefined): Promise<void> {
  const global = globalThis as Record<symbol, unknown>;
  if (typeof instrumentation?.register === 'function' && !global[REGISTERED]) {
    global[REGISTERED] = true;
    try {
      await instrumentation.register();
    } catch (error) {
      logError(error, { msg: 'instrumentation.ts: register() failed; the site serves without what it sets up' });
    }
  }
  startTracing();
}
