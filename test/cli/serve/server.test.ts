/**
 * The local server over real HTTP: the CloudFront path table, the edge function, static
 * files with the bucket's headers, and pages through the render Lambda.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { FIXTURES } from '../../helpers/build-app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
let child: ChildProcess;
let base: string;
let outDir: string;
let output = '';

/** Raw HTTP, so nothing (fetch's redirect handling, decoding) stands between the test and the server. */
function http(method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }>((resolve, reject) => {
    const allHeaders = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = request(base + url, { method, headers: allHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-serve-'));
  // The real command, as a user runs it: build, then serve; port 0 picks a free one.
  child = spawn(process.execPath, [path.join(ROOT, 'bin/stratus.js'), 'start', path.join(FIXTURES, 'apps', 'basic'), '--out', outDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const m = output.match(/ready on (http:\/\/localhost:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}, 90_000);

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(outDir, { recursive: true, force: true });
});

test('pages: status, title and cache headers', async () => {
  const home = await http('GET', '/');
  expect(home.status).toBe(200);
  expect(title(home.body)).toBe('Home');
  expect(home.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
  const ssr = await http('GET', '/props-echo/1');
  expect(ssr.headers['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  const missing = await http('GET', '/missing');
  expect(missing.status).toBe(404);
  expect(title(missing.body)).toBe('404: This page could not be found');
});

test('405 with Allow for other methods: a static page answers it (the app has getServerSideProps pages, so bodies pass the edge), the framework paths at the edge', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    for (const url of ['/about', '/_app/image?url=/robots.txt&w=640']) {
      const res = await http(method, url, { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
      expect({ method, url, status: res.status, allow: res.headers.allow }).toEqual({ method, url, status: 405, allow: 'GET, HEAD' });
      expect(title(res.body)).toBe('405: Method Not Allowed');
    }
  }
});

test('bucket paths refuse other methods as CloudFront does, without the edge function', async () => {
  const res = await http('POST', '/robots.txt', {}, 'x');
  expect(res.status).toBe(403);
});

test('400 on malformed URLs', async () => {
  const res = await http('GET', '/posts/%E0%A4%A');
  expect(res.status).toBe(400);
  expect(title(res.body)).toBe('400: Bad Request');
});

test('HEAD has headers and no body', async () => {
  const res = await http('HEAD', '/about');
  expect(res.status).toBe(200);
  expect(res.body).toBe('');
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
});

test('trailing slash redirects with 308', async () => {
  const res = await http('GET', '/about/?x=1');
  expect(res.status).toBe(308);
  expect(res.headers.location).toBe('/about?x=1');
});

test('Accept-Language picks a locale on / without a locale cookie', async () => {
  const res = await http('GET', '/', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' });
  expect(res.status).toBe(307);
  expect(res.headers.location).toBe('/fr');
  const withCookie = await http('GET', '/', { 'accept-language': 'fr', cookie: 'STRATUS_LOCALE=en' });
  expect(withCookie.status).toBe(200);
});

test('static files carry the bucket headers: immutable chunks, ETag and 304', async () => {
  const html = (await http('GET', '/')).body;
  const script = html.match(/src="(\/_app\/static\/chunks\/main-\w+\.js)"/)![1]!;
  const res = await http('GET', script);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const again = await http('GET', script, { 'if-none-match': res.headers.etag as string });
  expect(again.status).toBe(304);
  const robots = await http('GET', '/robots.txt');
  expect(robots.status).toBe(200);
  expect(robots.body).toContain('User-agent');
  expect(robots.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
});

test('text over 1 kB is compressed when the client accepts it, as CloudFront does; smaller answers are not', async () => {
  const html = (await http('GET', '/')).body;
  const script = html.match(/src="(\/_app\/static\/chunks\/main-\w+\.js)"/)![1]!;
  const res = await http('GET', script, { 'accept-encoding': 'gzip' });
  expect(res.headers['content-encoding']).toBe('gzip');
  const small = await http('GET', '/robots.txt', { 'accept-encoding': 'gzip' });
  expect(Number(small.headers['content-length'])).toBeLessThan(1000);
  expect(small.headers['content-encoding']).toBeUndefined();
});

test('a server page with text beyond ASCII: Content-Length counts its UTF-8 bytes, plain and gzipped', async () => {
  const url = `/props-echo/1?name=${encodeURIComponent('été ✓ 日本')}`;
  const plain = await http('GET', url);
  expect(plain.status).toBe(200);
  expect(plain.body).toContain('été ✓ 日本');
  expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.body));
  const zipped = await http('GET', url, { 'accept-encoding': 'gzip' });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
  expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(plain.body);
});

test('page data: prebuilt from the bucket, server data from the function', async () => {
  const html = (await http('GET', '/')).body;
  const buildId = JSON.parse(html.match(/<script id="__NEXT_DATA__"[^>]*>(.*?)<\/script>/)![1]!).buildId as string;
  const prebuilt = await http('GET', `/_app/data/${buildId}/static-data/a.json`);
  expect(prebuilt.status).toBe(200);
  // A minute in the browser, a year at the edge: a redeploy of the same build may rewrite it in place.
  expect(prebuilt.headers['cache-control']).toBe('public, max-age=60, s-maxage=31536000, stale-while-revalidate=31536000');
  const server = await http('GET', `/_app/data/${buildId}/props-echo/5.json`);
  expect(server.status).toBe(200);
  expect(JSON.parse(server.body).pageProps.params).toEqual({ id: '5' });
  expect((await http('GET', '/_app/data/stale-build/about.json')).status).toBe(404);
});

test('a </script> in props stays inert', async () => {
  const res = await http('GET', '/xss');
  expect(res.body).not.toContain('<script>window.__pwned');
  expect(res.body.match(/<\/script>/g)).toHaveLength(2); // the entry script and the data script
});

test('image requests reach the image handler', async () => {
  const res = await http('GET', '/_app/image?url=/robots.txt&w=99');
  expect(res.status).toBe(400);
  expect(res.body).toContain('"w" parameter (width) of 99 is not allowed');
});

test('one JSON log line per request the render function answers on stdout; none for a static page the bucket answers', async () => {
  await http('GET', '/props-echo/7?log=1');
  const fromBucket = await http('GET', '/about?log=2');
  expect(fromBucket.status).toBe(200);
  expect(fromBucket.body).toContain('About');
  await new Promise((r) => setTimeout(r, 100));
  const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  expect(lines.some((l) => l.path === '/props-echo/7' && l.status === 200 && l.route === '/props-echo/[id]')).toBe(true);
  expect(lines.filter((l) => l.path === '/about' && l.method === 'GET')).toEqual([]);
});

test('a port in use is a clear one-line error, not a stack trace', () => {
  const port = new URL(base).port;
  const second = spawnSync(process.execPath, [path.join(ROOT, 'bin/stratus.js'), 'serve', path.join(FIXTURES, 'apps', 'basic'), '--out', outDir, '--port', port], { encoding: 'utf8', timeout: 30_000 });
  expect(second.status).toBe(1);
  expect(second.stderr).toContain(`Port ${port} is in use`);
  expect(second.stderr).not.toMatch(/\n\s+at /);
});

test('stratus serve starts without the builder (esbuild, lightningcss, acorn) in its process', async () => {
  // Loading them would cost a serve ~15 ms of start-up and ~2 MB of heap for its whole life.
  const loadedFile = path.join(outDir, 'loaded-packages.json');
  const preload = path.join(outDir, 'list-loaded.cjs');
  writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(loadedFile)}, JSON.stringify(Object.keys(require.cache))));`);
  const serve = spawn(process.execPath, ['-r', preload, path.join(ROOT, 'bin/stratus.js'), 'serve', path.join(FIXTURES, 'apps', 'basic'), '--out', outDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    serve.stdout!.on('data', (d: Buffer) => {
      printed += d.toString();
      const m = printed.match(/ready on (http:\/\/localhost:\d+)/);
      if (m) resolve(m[1]!);
    });
    serve.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${printed}`)));
  });
  const page = await fetch(`${url}/about`);
  expect(page.status).toBe(200);
  const exited = new Promise((resolve) => serve.once('exit', resolve));
  serve.kill('SIGTERM');
  await exited;
  const loaded = JSON.parse(readFileSync(loadedFile, 'utf8')) as string[];
  // The list is the process's own: the render function it served the page with is on it.
  expect(loaded).toContain(path.join(outDir, 'lambdas', 'render', 'index.js'));
  expect(loaded.filter((file) => /[\\/]node_modules[\\/](esbuild|lightningcss|acorn)[\\/]/.test(file))).toEqual([]);
}, 30_000);

test('SIGTERM finishes requests in flight, then exits', async () => {
  const pending = http('GET', '/props-echo/last');
  await new Promise((r) => setTimeout(r, 5));
  child.kill('SIGTERM');
  const res = await pending;
  expect(res.status).toBe(200);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
});
