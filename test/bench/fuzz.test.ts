/**
 * A few hundred requests of the fuzz (bench/fuzz.ts) on the sample site, on the fixed
 * seed: no 5xx, every answer within the contracts, the server healthy afterwards. The full
 * run is `npm run fuzz -- --requests 5000`; its command line is tested here too.
 */
import { formatReport, fuzzOptionsFrom, runFuzz } from '../../bench/fuzz';
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

describe('npm run fuzz: the command line', () => {
  test('takes the app, its own off-site redirects and the paths that fail on purpose', () => {
    const options = fuzzOptionsFrom(['--requests', '300', '--seed', '7', '--app', 'test/fixtures/apps/basic', '--app-redirect', 'https://example.com/elsewhere', '--app-errors', '^/throws$']);
    expect(options).toEqual({ requests: 300, seed: 7, concurrency: 4, maxSeconds: 600, appDir: 'test/fixtures/apps/basic', rules: { appRedirects: ['https://example.com/elsewhere'], appErrorPaths: /^\/throws$/ } });
    expect(fuzzOptionsFrom(['--help'])).toBe('help');
  });

  test.each([
    [['--request', '5'], "Unknown option '--request'"],
    [['--requests', 'many'], '--requests needs a number'],
    [['--app-errors', '('], '--app-errors: Invalid regular expression'],
  ])('%j is refused, saying what is wrong', (args, message) => {
    expect(() => fuzzOptionsFrom(args)).toThrow(message);
  });

  test('the replay line names the app when it is not the sample site', () => {
    const result = { seed: 9, app: 'test/fixtures/apps/basic', sent: 10, byClass: { '5xx': 1 }, byStatus: { 500: 1 }, findings: [{ request: { method: 'GET', target: '/x' }, status: 500, problems: ['answered 500'] }], fiveHundreds: 1, healthy: true, healthProblems: [], durationMs: 5 };
    expect(formatReport(result)).toContain('replay: npm run fuzz -- --requests 10 --seed 9 --app test/fixtures/apps/basic');
  });
});
