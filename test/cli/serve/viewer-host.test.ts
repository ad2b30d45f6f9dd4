/**
 * The local server answers only for its own names, as CloudFront answers only for the
 * distribution's (issue 28): a foreign `Host` (a forged header, a DNS-rebinding page) gets a
 * 403 before any function, so middleware's `request.url` and every URL the functions build
 * name the site; loopback names, `*.localhost` (for host-based rules) and the names in
 * STRATUS_ALLOWED_HOSTS are served.
 */
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { header, sendRaw } from '../../helpers/raw-http';
import { tempApp } from '../../helpers/temp-app';

let server: LocalServer;
beforeAll(async () => {
  const app = tempApp({
    'pages/index.tsx': `export default function Home() { return <p>home</p>; }`,
    'middleware.ts': `
import { NextResponse, type NextRequest } from 'stratus/server';
export function middleware(request: NextRequest) {
  const response = NextResponse.next();
  response.headers.set('x-seen-url', request.url);
  return response;
}`,
  });
  server = await startLocalServer(app);
}, 120_000);
afterAll(() => server?.stop());

const get = (host: string) => sendRaw(server.port, { method: 'GET', target: '/?x=1', headers: [['Host', host]] });

test('a foreign Host gets 403 with a one-line reason, and never reaches middleware', async () => {
  for (const host of ['evil.example', `evil.example:${server.port}`, 'localhost.evil.example', '10.1.2.3']) {
    const answer = await get(host);
    expect({ host, status: answer.status }).toEqual({ host, status: 403 });
    expect(answer.body.toString()).toBe('Blocked request: this server answers for localhost and the names in STRATUS_ALLOWED_HOSTS only.\n');
    expect(header(answer, 'x-seen-url')).toBeUndefined();
    expect(header(answer, 'x-content-type-options')).toBe('nosniff');
  }
  expect(server.alive()).toBe(true);
});

test("the server's own names reach middleware as the request's URL, over http as the local server is", async () => {
  expect(header(await get(`localhost:${server.port}`), 'x-seen-url')).toBe(`http://localhost:${server.port}/?x=1`);
  expect(header(await get(`127.0.0.1:${server.port}`), 'x-seen-url')).toBe(`http://127.0.0.1:${server.port}/?x=1`);
  expect(header(await get(`shop.localhost:${server.port}`), 'x-seen-url')).toBe(`http://shop.localhost:${server.port}/?x=1`);
});

test('public SVGs are sandboxed as the stack sandboxes them; pages keep the default policy', async () => {
  const svgApp = tempApp({
    'pages/index.tsx': `export default function Home() { return <p>home</p>; }`,
    'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  });
  const svgServer = await startLocalServer(svgApp);
  try {
    const svg = await sendRaw(svgServer.port, { method: 'GET', target: '/logo.svg' });
    expect(svg.status).toBe(200);
    expect(header(svg, 'content-security-policy')).toMatch(/^sandbox; default-src 'none';/);
    const page = await sendRaw(svgServer.port, { method: 'GET', target: '/' });
    expect(header(page, 'content-security-policy')).toBe("frame-ancestors 'none'");
  } finally {
    await svgServer.stop();
  }
}, 120_000);
