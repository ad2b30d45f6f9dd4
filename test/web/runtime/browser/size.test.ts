/**
 * The byte budget of the client runtime: what it adds to React + React DOM on every first
 * load (measured as the build summary does).
 */
import { measureRuntime } from '../../../../cli/builder/steps/summarize';

const BUDGET_GZIP = 8 * 1024;

test(`the runtime's own share stays under ${BUDGET_GZIP / 1024} kB gzip`, () => {
  const { runtime } = measureRuntime();
  expect(runtime.gzip).toBeGreaterThan(1000);
  expect(runtime.gzip).toBeLessThan(BUDGET_GZIP);
  expect(runtime.brotli).toBeLessThan(runtime.gzip);
});
