/**
 * A few hundred requests of the fuzz (bench/fuzz.ts) on the sample site, on the fixed
 * seed: no 5xx, every answer within the contracts, the server healthy afterwards. The full
 * run is `npm run fuzz -- --requests 5000`.
 */
import { formatReport, runFuzz } from '../../bench/fuzz';
import { propertyRuns, propertySeed } from '../helpers/property';

test('the sample site answers a seeded fuzz within the contracts', async () => {
  const result = await runFuzz({ requests: propertyRuns(400), seed: propertySeed(), concurrency: 4, maxSeconds: 60 });
  const report = formatReport(result);
  // The report names the seed and every failing request, so a failure reproduces.
  expect({ fiveHundreds: result.fiveHundreds, findings: result.findings.length, healthy: result.healthy, report }).toEqual({
    fiveHundreds: 0,
    findings: 0,
    healthy: true,
    report: expect.stringContaining(`seed ${result.seed}`),
  });
  expect(result.sent).toBe(propertyRuns(400));
}, 120_000);
