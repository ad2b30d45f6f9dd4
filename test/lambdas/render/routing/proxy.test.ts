/** Rewrites to another origin: the answer passed back; never a private address; a time limit. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from '../../../../lambdas/render/routing/proxy';
import type { CoreRequest } from '../../../../lambdas/shared/http';

let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];
/** The slow answers' timers: cleared at the end, so that none keeps the test process alive. */
const slow: NodeJS.Timeout[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === '/slow') return void slow.push(setTimeout(() => res.end('late'), 2000));
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.writeHead(202, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  slow.forEach(clearTimeout);
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

const request = (overrides: Partial<CoreRequest> = {}): CoreRequest => ({
  method: 'GET', path: '/x', rawQuery: '', headers: { accept: 'application/json', 'x-forwarded-host': 'site.example', 'x-amz-content-sha256': 'abc', host: 'fn.lambda-url' }, ...overrides,
});

test('the request goes on (method, body, query) and the answer comes back, cookies and all', async () => {
  const proxy = createProxy({ allowLoopback: true });
  const answer = await proxy(new URL(`${base}/api?q=1`), request({ method: 'POST', body: new TextEncoder().encode('hi') }));
  expect(answer.status).toBe(202);
  expect(JSON.parse(String(answer.body))).toEqual({ method: 'POST', url: '/api?q=1', body: 'hi' });
  expect(answer.cookies).toEqual(['a=1', 'b=2']);
  expect(answer.headers.connection).toBeUndefined();
  // What names this site (its host, the edge's signature) is not sent to another origin.
  const sent = seen.at(-1)!;
  expect(sent['x-forwarded-host']).toBeUndefined();
  expect(sent['x-amz-content-sha256']).toBeUndefined();
  expect(sent.host).toBe(new URL(base).host);
});

test('loopback, private and metadata addresses are refused, by literal or by name', async () => {
  const proxy = createProxy();
  expect((await proxy(new URL(`${base}/`), request())).status).toBe(502);
  expect((await proxy(new URL('http://169.254.169.254/latest/meta-data/'), request())).status).toBe(502);
  const byName = createProxy({ resolveHost: async () => [{ address: '10.0.0.7', family: 4 }] });
  expect((await byName(new URL('https://internal.example/'), request())).status).toBe(502);
});

test('an upstream slower than the limit answers 504', async () => {
  const proxy = createProxy({ allowLoopback: true, timeoutMs: 200 });
  expect((await proxy(new URL(`${base}/slow`), request())).status).toBe(504);
});
