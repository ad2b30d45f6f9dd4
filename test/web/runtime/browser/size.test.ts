/**
 * The byte budget of the client runtime: what it adds to React + React DOM on every first
 * load (measured as the build summary does).
 */
import { measureRuntime } from '../../../../cli/builder/steps/summarize';

// 8 kB until 2026-11-24, when per-page stylesheets, the routing layer's browser half
// (basePath, trailing slashes, navigations the server resolves) and the app's _error page
// for exceptions in the browser came in, together 8.6 kB.
const BUDGET_GZIP = 9 * 1024;

test(`the runtime's own share stays under ${BUDGET_GZIP / 1024} kB gzip`, () => {
  const { runtime } = measureRuntime();
  expect(runtime.gzip).toBeGreaterThan(1000);
  expect(runtime.gzip).toBeLessThan(BUDGET_GZIP);
  expect(runtime.brotli).toBeLessThan(runtime.gzip);
});
