/**
 * What an app's `req.headers` hold on the local server (issue 29, `infrastructure-request-headers`):
 * the visitor's headers and what CloudFront adds (`x-forwarded-for` with the visitor's
 * address), never the stack's own signature of the body (`x-amz-content-sha256`, which the
 * body signer still sets and Lambda's check still reads: a signed POST gets through whole),
 * and `x-forwarded-proto`/`port` naming the local http server, as `next start` does.
 */
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { sendRaw } from '../../helpers/raw-http';
import { tempApp } from '../../helpers/temp-app';

let server: LocalServer;
beforeAll(async () => {
  const app = tempApp({
    'pages/api/headers.js': `export default function handler(req, res) { res.json({ headers: req.headers, body: req.body ?? null }); }`,
    'pages/api/edge-headers.js': `
export const config = { runtime: 'edge' };
export default function handler(request) { return Response.json({ headers: Object.fromEntries(request.headers) }); }`,
    'middleware.js': `
import { NextResponse } from 'next/server';
export function middleware(request) { return request.nextUrl.pathname === '/api/ip' ? NextResponse.json({ ip: request.ip ?? null }) : NextResponse.next(); }`,
    'pages/ssr.js': `
export default function Page({ headers }) { return <pre id="h">{JSON.stringify(headers)}</pre>; }
export function getServerSideProps({ req }) { return { props: { headers: req.headers } }; }`,
  });
  server = await startLocalServer(app);
}, 120_000);
afterAll(() => server?.stop());

type Headers = Record<string, string>;

function expectViewerHeaders(headers: Headers, viewerFor = /^(::ffff:)?127\.0\.0\.1$/) {
  expect(headers['x-amz-content-sha256']).toBeUndefined();
  expect(headers.authorization).toBeUndefined();
  expect(headers['x-forwarded-for']).toMatch(viewerFor);
  expect(headers['x-forwarded-proto']).toBe('http');
  expect(headers['x-forwarded-port']).toBe(String(server.port));
  expect(headers['x-forwarded-host']).toBe(`localhost:${server.port}`);
  // The viewer-request function's record of the viewer, whatever the visitor sent as X-Real-IP.
  expect(headers['x-real-ip']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
}

test('an API route sees the viewer, not the body signer; the signed body arrives whole', async () => {
  const body = JSON.stringify({ a: 'é'.repeat(100) });
  const answer = await sendRaw(server.port, { method: 'POST', target: '/api/headers', headers: [['Host', `localhost:${server.port}`], ['Content-Type', 'application/json'], ['X-Test', 'yes']], body });
  expect(answer.status).toBe(200);
  const seen = JSON.parse(answer.body.toString()) as { headers: Headers; body: unknown };
  expectViewerHeaders(seen.headers);
  expect(seen.headers['x-test']).toBe('yes');
  expect(seen.body).toEqual({ a: 'é'.repeat(100) });
});

test("a visitor's own X-Forwarded-For is kept, with the visitor's address after it, as CloudFront appends it", async () => {
  const answer = await sendRaw(server.port, { method: 'GET', target: '/api/headers', headers: [['Host', `localhost:${server.port}`], ['X-Forwarded-For', '198.51.100.7']] });
  expectViewerHeaders((JSON.parse(answer.body.toString()) as { headers: Headers }).headers, /^198\.51\.100\.7, (::ffff:)?127\.0\.0\.1$/);
});

test("a visitor cannot put a payload hash of its own in front of the app either", async () => {
  const answer = await sendRaw(server.port, { method: 'GET', target: '/api/headers', headers: [['Host', `localhost:${server.port}`], ['x-amz-content-sha256', 'UNSIGNED-PAYLOAD']] });
  expect(answer.status).toBe(200);
  expectViewerHeaders((JSON.parse(answer.body.toString()) as { headers: Headers }).headers);
});

test('an edge API route and getServerSideProps see the same headers', async () => {
  const edge = await sendRaw(server.port, { method: 'POST', target: '/api/edge-headers', headers: [['Host', `localhost:${server.port}`], ['Content-Type', 'text/plain']], body: 'x' });
  expect(edge.status).toBe(200);
  expectViewerHeaders((JSON.parse(edge.body.toString()) as { headers: Headers }).headers);
  const page = await sendRaw(server.port, { method: 'GET', target: '/ssr', headers: [['Host', `localhost:${server.port}`]] });
  expect(page.status).toBe(200);
  const json = /<pre id="h">([^<]*)<\/pre>/.exec(page.body.toString())![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  expectViewerHeaders(JSON.parse(json) as Headers);
});

test("middleware's request.ip is the viewer's address, not what the visitor wrote into X-Real-IP or X-Forwarded-For", async () => {
  const answer = await sendRaw(server.port, { method: 'GET', target: '/api/ip', headers: [['Host', `localhost:${server.port}`], ['X-Real-IP', '10.0.0.1'], ['X-Forwarded-For', '10.0.0.2']] });
  expect(answer.status).toBe(200);
  expect((JSON.parse(answer.body.toString()) as { ip: string }).ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
});
