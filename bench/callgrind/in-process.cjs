// Instructions a /ssr/1 request costs in process, for valgrind's callgrind (issue 35; docs/BENCHMARKS.md,
// "The floor in instructions"). Run by count.sh under `valgrind --tool=callgrind --instr-atstart=no`:
// WARM requests uncounted (JIT tiers settle), then counting switched on (callgrind_control -i on), N
// requests, and a dump. Sides: `handler` — the build's render function (`index.handler`) given a
// Function URL event, its result and log line included (set AWS_LAMBDA_FUNCTION_NAME to write the line
// per request, as in Lambda); `floor` — the floor's page alone (props → HTML string,
// bench/src/floor-server.ts's floorPage); `floorlen` — the same and the HTML's byte length, as the floor
// server works it out for its Content-Length.
// usage: node in-process.cjs <handler|floor|floorlen> <N> <build dir>
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const [side, nText, dir] = process.argv.slice(2);
const N = Number(nText);
const WARM = Number(process.env.WARM || 20000);
const counting = process.env.CALLGRIND === '1';

function callgrind(...args) {
  if (!counting) return;
  const result = spawnSync('callgrind_control', [...args, String(process.pid)], { encoding: 'utf8', timeout: 120000 });
  if (result.status !== 0) process.stderr.write(`callgrind_control ${args.join(' ')} failed: ${result.stdout}${result.stderr}\n`);
}

const event = () => ({
  version: '2.0', routeKey: '$default', rawPath: '/ssr/1', rawQueryString: '',
  headers: { host: 'abc.lambda-url.us-east-1.on.aws', 'user-agent': 'bench', accept: 'text/html', 'x-forwarded-host': 'example.com', 'x-forwarded-proto': 'https', 'x-amz-cf-id': 'abc' },
  requestContext: { accountId: 'anonymous', apiId: 'x', domainName: 'x', domainPrefix: 'x', http: { method: 'GET', path: '/ssr/1', protocol: 'HTTP/1.1', sourceIp: '1.2.3.4', userAgent: 'bench' }, requestId: 'r', routeKey: '$default', stage: '$default', time: '', timeEpoch: 0 },
  isBase64Encoded: false,
});

function sideOf() {
  if (side === 'handler') {
    const { handler } = require(path.join(dir, 'lambdas', 'render', 'index.js'));
    let id = 0;
    return async () => {
      const result = await handler(event(), { awsRequestId: `r${id++}` });
      if (result.statusCode !== 200) throw new Error(`status ${result.statusCode}`);
      return result.body.length;
    };
  }
  const { floorPage } = require(path.join(dir, '.cache', 'bench-floor-page.js'));
  if (side === 'floor') return async () => floorPage('1').length;
  if (side === 'floorlen') return async () => Buffer.byteLength(floorPage('1'));
  throw new Error(`unknown side ${side}`);
}

(async () => {
  const one = sideOf();
  let length = 0;
  // The event loop turns every CALLS_A_TURN requests, as between requests in a server or in
  // Lambda, so that what a request leaves for it (the log's flush Immediate) runs rather than
  // piling up (bench/src/cpu-time.ts, the same figure).
  const CALLS_A_TURN = 64;
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < WARM; i++) {
    length += await one();
    if (i % CALLS_A_TURN === CALLS_A_TURN - 1) await turn();
  }
  await turn();
  callgrind('-i', 'on');
  for (let i = 0; i < N; i++) {
    length += await one();
    if (i % CALLS_A_TURN === CALLS_A_TURN - 1) await turn();
  }
  callgrind('-d');
  if (length === 0) throw new Error('nothing rendered');
})();
