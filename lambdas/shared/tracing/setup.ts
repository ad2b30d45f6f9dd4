/**
 * Turns tracing on at cold start when the environment asks for it (`STRATUS_TRACING`, set by
 * the stack's `tracing` option or `stratus start --trace`), after the app's `register()`:
 * a tracer provider the app registered itself is kept, and Stratus's is not made.
 */
import { log } from '../log';
import { tracing } from './otel';

export type TracingMode = 'xray' | 'otlp' | 'console';

const MODES: readonly string[] = ['xray', 'otlp', 'console'];

/** Marks the process whose provider Stratus registered (a dev server loads bundles again). */
const STARTED = Symbol.for('stratus.tracing.started');

/** The mode `STRATUS_TRACING` names; undefined for none, `off` or an unknown value (which is logged). */
export function tracingMode(value: string | undefined): TracingMode | undefined {
  if (value === undefined || value === '' || value === 'off') return undefined;
  if (MODES.includes(value)) return value as TracingMode;
  log({ msg: `STRATUS_TRACING=${JSON.stringify(value)} is not one of off, xray, otlp, console; tracing stays off.` }, 'WARN');
  return undefined;
}

/**
 * Registers Stratus's provider when the environment asks for one and none is registered,
 * and (whoever registered one) passes the trace on from the app's `fetch`. Returns whether
 * requests are traced.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  const mode = tracingMode(env.STRATUS_TRACING);
  const global = globalThis as Record<symbol, unknown>;
  if (mode && !global[STARTED]) {
    if (tracing()) {
      log({ msg: `instrumentation.ts registered its own tracer provider: it is used, and STRATUS_TRACING=${mode} is not set up.` }, 'WARN');
    } else {
      // The SDK is a file beside the bundle, loaded now and only now.
      (require('./sdk') as typeof import('./sdk')).registerTracing(mode, env);
      global[STARTED] = mode;
    }
  }
  const on = tracing();
  on?.traceOutgoingFetch();
  return on !== undefined;
}
