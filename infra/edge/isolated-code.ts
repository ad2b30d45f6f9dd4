/**
 * Edge code (the CloudFront Function, the Lambda@Edge body signer) evaluated for the local
 * server and tests in a fresh vm context, as at the edge: no Node globals but the ones given.
 *
 * The code runs as the body of a function, its top-level names locals of that function (as
 * in the CommonJS module Lambda@Edge loads), and the context's built-ins (`Object`,
 * `String` …) are handed to it as locals too. A vm context's globals are read through
 * Node's interceptor, a call into C++ for each: read that way, the viewer-request
 * function was ≈ 6 % of the local server's work on a page request.
 */
import { createContext, runInContext } from 'node:vm';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Globals that must stay what they are: `eval` called by a local name is no longer direct eval. */
const NOT_LOCAL = new Set(['eval', 'undefined', 'NaN', 'Infinity', 'globalThis']);

/**
 * Runs `code` and returns the value of `returning` at its end (a name it declares).
 *
 * @example
 * const handler = runIsolated(source, { filename: 'viewer-request.cf.js', returning: 'handler' });
 * runIsolated(source, { filename: 'index.js', given: { module, exports: module.exports, require } });
 */
export function runIsolated(code: string, options: { filename: string; given?: Record<string, unknown>; returning?: string }): unknown {
  const given = options.given ?? {};
  const context = createContext(Object.create(null));
  const names = Object.keys(given);
  const builtins = (runInContext('Object.getOwnPropertyNames(globalThis)', context) as string[]).filter(
    (name) => IDENTIFIER.test(name) && !NOT_LOCAL.has(name) && !names.includes(name),
  );
  const tail = options.returning ? `;return ${options.returning};` : '';
  // One line before the code, so that stack traces give the file's own line numbers.
  const source = `(function (${names.join(', ')}) { return (function (${builtins.join(', ')}) {\n${code}\n${tail}})(${builtins.join(', ')}); })`;
  const run = runInContext(source, context, { filename: options.filename, lineOffset: -1 }) as (...values: unknown[]) => unknown;
  return run(...names.map((name) => given[name]));
}
