/** The environment the bench's measured processes start in: as Lambda's runtime starts a function, whatever the bench's own shell sets. */
import { measuredEnv, timeProcess } from '../../bench/src/processes';

const PRINT_ENV = `process.stderr.write(JSON.stringify({ options: process.env.NODE_OPTIONS ?? null, certs: process.env.NODE_EXTRA_CA_CERTS ?? null, given: process.env.BENCH_GIVEN ?? null, home: process.env.HOME ?? null }))`;

test('a measured process starts without the shell’s NODE_OPTIONS or extra CA bundle, with the variables the row gives', async () => {
  const saved = { options: process.env.NODE_OPTIONS, certs: process.env.NODE_EXTRA_CA_CERTS };
  // A CA bundle every Node process would parse at start (≈ 100 ms on the bench machines), and a flag.
  process.env.NODE_EXTRA_CA_CERTS = '/etc/ssl/certs/ca-certificates.crt';
  process.env.NODE_OPTIONS = '--max-old-space-size=100';
  try {
    const run = await timeProcess(process.execPath, ['-e', PRINT_ENV], { env: measuredEnv({ BENCH_GIVEN: 'yes' }) });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stderr)).toEqual({ options: null, certs: null, given: 'yes', home: process.env.HOME ?? null });
  } finally {
    for (const [name, value] of [['NODE_OPTIONS', saved.options], ['NODE_EXTRA_CA_CERTS', saved.certs]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});
