/**
 * Middleware sees every method on the paths it matches, as in the pages router, even on a
 * site without a `getServerSideProps` page: a POST to a page path reaches it (an OAuth
 * `form_post` callback, a webhook, a proxy) instead of a 405 at the edge. Through
 * `stratus start` over HTTP, on an app of static pages, one API route and middleware.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';

const MIDDLEWARE = `
import { NextResponse } from 'next/server';
export async function middleware(request) {
  if (request.nextUrl.pathname === '/callback' && request.method === 'POST') {
    const form = new URLSearchParams(await request.text());
    return NextResponse.json({ code: form.get('code'), method: request.method });
  }
  if (request.nextUrl.pathname === '/hook' && request.method === 'POST') {
    return NextResponse.rewrite(new URL('/api/echo', request.url));
  }
  return NextResponse.next();
}
`;

function writeApp(dir: string, config?: string): void {
  mkdirSync(path.join(dir, 'pages', 'api'), { recursive: true });
  writeFileSync(path.join(dir, 'pages', 'index.tsx'), 'export default function Home() { return <p>home</p>; }\n');
  writeFileSync(path.join(dir, 'pages', 'about.tsx'), 'export default function About() { return <p>about</p>; }\n');
  writeFileSync(
    path.join(dir, 'pages', 'api', 'echo.ts'),
    "export default function echo(req, res) { res.status(200).json({ method: req.method, body: req.body }); }\n",
  );
  writeFileSync(path.join(dir, 'middleware.ts'), MIDDLEWARE);
  if (config) writeFileSync(path.join(dir, 'stratus.config.ts'), config);
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const post = (server: LocalServer, url: string, body: string, headers: Record<string, string> = form) =>
  fetch(server.base + url, { method: 'POST', headers, body, redirect: 'manual' });

describe('middleware takes bodies on page paths', () => {
  let server: LocalServer;
  let refusing: LocalServer;
  const dirs: string[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-mw-bodies-'));
    const off = mkdtempSync(path.join(os.tmpdir(), 'stratus-mw-bodies-off-'));
    dirs.push(dir, off);
    writeApp(dir);
    writeApp(off, 'export default { pageBodies: false };\n');
    server = await startLocalServer(dir);
    refusing = await startLocalServer(off);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await refusing?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a form posted to a path middleware answers gets its answer, with the body read', async () => {
    const answer = await post(server, '/callback', 'code=abc%20d&state=1');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ code: 'abc d', method: 'POST' });
  });

  test('middleware rewriting a POST to an API route hands it the body', async () => {
    const answer = await post(server, '/hook', JSON.stringify({ event: 'paid' }), { 'content-type': 'application/json' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ method: 'POST', body: { event: 'paid' } });
  });

  test('a POST middleware lets through to a static page is that page\'s 405, as in the pages router; GET is the page', async () => {
    const answer = await post(server, '/about', 'x=1');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    const page = await fetch(server.base + '/about');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<p>about</p>');
  });

  test('the build says why page paths take bodies and what it costs; pageBodies: false keeps them at the edge', async () => {
    expect(server.output()).toContain('Middleware takes request bodies on page paths, so in AWS the body signer (Lambda@Edge) runs on');
    const refused = await post(refusing, '/callback', 'code=1');
    expect(refused.status).toBe(405);
    expect(refusing.output()).toContain('Page paths take GET and HEAD only, middleware included (pageBodies: false).');
    // API routes keep their bodies either way.
    const api = await post(refusing, '/api/echo', JSON.stringify({ a: 1 }), { 'content-type': 'application/json' });
    expect(await api.json()).toEqual({ method: 'POST', body: { a: 1 } });
  });
});
