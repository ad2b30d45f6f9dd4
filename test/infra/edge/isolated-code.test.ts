/** Edge code evaluated as at the edge: no Node globals, its own names, its own line numbers. */
import { runIsolated } from '../../../infra/edge/isolated-code';

test('the code sees no Node globals, only what it is given, and the built-ins of JavaScript', () => {
  const code = [
    'function handler() {',
    '  return [typeof process, typeof require, typeof setTimeout, typeof Buffer, typeof given, encodeURIComponent("a b"), Object.keys({ x: 1 }).length, JSON.stringify([1]), typeof globalThis.Object];',
    '}',
  ].join('\n');
  const handler = runIsolated(code, { filename: 'edge.js', given: { given: 1 }, returning: 'handler' }) as () => unknown[];
  expect(handler()).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'number', 'a%20b', 1, '[1]', 'function']);
});

test("top-level names are the code's own: two evaluations share nothing, and nothing leaks onto the host's globals", () => {
  const code = 'var count = 0;\nfunction handler() { return ++count; }';
  const first = runIsolated(code, { filename: 'edge.js', returning: 'handler' }) as () => number;
  const second = runIsolated(code, { filename: 'edge.js', returning: 'handler' }) as () => number;
  expect([first(), first(), second()]).toEqual([1, 2, 1]);
  expect((globalThis as Record<string, unknown>).count).toBeUndefined();
});

test('a CommonJS module sets its exports through the module it is given', () => {
  const module = { exports: {} as { handler?: () => string } };
  runIsolated("'use strict';\nexports.handler = function () { return typeof this; };", { filename: 'index.js', given: { exports: module.exports, module } });
  // Strict mode holds: a plain call has no `this`.
  expect(module.exports.handler!.call(undefined)).toBe('undefined');
});

test("an error's stack names the file's own line", () => {
  const handler = runIsolated('var a = 1;\n\nfunction handler() {\n  throw new Error("edge");\n}', { filename: 'edge.js', returning: 'handler' }) as () => never;
  let stack = '';
  try {
    handler();
  } catch (error) {
    stack = (error as Error).stack ?? '';
  }
  expect(stack).toContain('edge.js:4:');
});
