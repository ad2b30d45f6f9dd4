import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createImageCore, MAX_RESPONSE_BYTES } from '../../../lambdas/image/image-core';
import { getSharp } from '../../../lambdas/image/sharp';
import type { CoreResponse } from '../../../lambdas/shared/http';
import { bytesOf, imageRequest, textOf } from './core-request';
import { createLocalSource } from '../../../lambdas/image/sources/local';
import type { ImageSource } from '../../../lambdas/image/sources/source';
import { setLogSink, type LogSink } from '../../../lambdas/shared/log';
import { resolveConfig } from '../../../contract/config-schema';
import type { ImageConfig } from '../../../contract/config';
import {
  CORRUPT_JPEG,
  SVG,
  makeAnimatedGif,
  makeJpeg,
  makePixelBomb,
  makePng,
  makeRotatedJpeg,
} from '../../fixtures/images/fixtures';

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

let dir: string;
let lines: Record<string, unknown>[];
let restoreSink: LogSink;
let jpeg: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stratus-image-'));
  mkdirSync(join(dir, 'photos'));
  jpeg = await makeJpeg(1200, 800);
  writeFileSync(join(dir, 'photos', 'big.jpg'), jpeg);
  writeFileSync(join(dir, 'small.png'), await makePng(100, 50));
  writeFileSync(join(dir, 'rotated.jpg'), await makeRotatedJpeg());
  writeFileSync(join(dir, 'anim.gif'), await makeAnimatedGif());
  writeFileSync(join(dir, 'logo.svg'), SVG);
  writeFileSync(join(dir, 'corrupt.jpg'), CORRUPT_JPEG);
  writeFileSync(join(dir, 'notes.txt'), 'hello, not an image');
  writeFileSync(join(dir, 'bomb.png'), await makePixelBomb());
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(() => {
  lines = [];
  restoreSink = setLogSink((line) => lines.push(JSON.parse(line)));
});
afterEach(() => setLogSink(restoreSink));

function core(images: ImageConfig = {}, source: ImageSource = createLocalSource(dir)) {
  return createImageCore({ config: resolveConfig({ images }).images, source });
}

function get(query: string, headers: Record<string, string> = {}, images?: ImageConfig) {
  return core(images)(imageRequest(query, headers), {
    requestId: 'req-1',
    cfId: 'cf-1',
  });
}

async function decode(response: CoreResponse) {
  return getSharp()(bytesOf(response)).metadata();
}

describe('image core', () => {
  it('resizes to w in the negotiated format with all the contract headers', async () => {
    const response = await get('url=%2Fphotos%2Fbig.jpg&w=640&q=75', { accept: 'image/webp,*/*' });
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=14400, must-revalidate',
      vary: 'Accept',
      'content-disposition': 'inline; filename="big.webp"',
      'content-security-policy': "script-src 'none'; frame-src 'none'; sandbox;",
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const meta = await decode(response);
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 427 });
  });

  it('chooses AVIF when accepted and enabled, WebP when only that is enabled, else the source format', async () => {
    const both = { formats: ['image/avif', 'image/webp'] };
    const avif = await get('url=/photos/big.jpg&w=640', { accept: BROWSER_ACCEPT }, both);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await decode(avif)).format).toBe('heif');
    expect(avif.headers['content-disposition']).toBe('inline; filename="big.avif"');

    const webp = await get('url=/photos/big.jpg&w=640', { accept: BROWSER_ACCEPT });
    expect(webp.headers['content-type']).toBe('image/webp');

    const jpegOut = await get('url=/photos/big.jpg&w=640', { accept: '*/*' });
    expect(jpegOut.headers['content-type']).toBe('image/jpeg');
    expect((await decode(jpegOut)).format).toBe('jpeg');

    const png = await get('url=/small.png&w=640', {});
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('never enlarges', async () => {
    const response = await get('url=/small.png&w=1080', { accept: 'image/webp' });
    expect(response.status).toBe(200);
    expect(await decode(response)).toMatchObject({ width: 100, height: 50 });
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    const response = await get('url=/rotated.jpg&w=640', { accept: 'image/png' }, { formats: ['image/png'] });
    const output = bytesOf(response);
    const meta = await getSharp()(output).metadata();
    expect(meta).toMatchObject({ width: 100, height: 200 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const { data } = await getSharp()(output).raw().toBuffer({ resolveWithObject: true });
    // Top-left pixel is red, bottom-left is blue: the image was turned upright.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
    const last = (199 * 100) * 3;
    expect(data[last + 2]).toBeGreaterThan(200);
    expect(data[last]).toBeLessThan(60);
  });

  it('answers 304 to a matching If-None-Match, with the same ETag, and 200 otherwise', async () => {
    const first = await get('url=/photos/big.jpg&w=640', { accept: 'image/webp' });
    const etag = first.headers['etag']!;
    const again = await get('url=/photos/big.jpg&w=640', { accept: 'image/webp' });
    expect(again.headers['etag']).toBe(etag);

    const notModified = await get('url=/photos/big.jpg&w=640', { accept: 'image/webp', 'if-none-match': `"x", ${etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.headers['etag']).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=14400, must-revalidate');

    const changed = await get('url=/photos/big.jpg&w=640', { accept: 'image/webp', 'if-none-match': '"other"' });
    expect(changed.status).toBe(200);
    const otherWidth = await get('url=/photos/big.jpg&w=750', { accept: 'image/webp' });
    expect(otherWidth.headers['etag']).not.toBe(etag);
  });

  it('uses max(minimumCacheTTL, the source max-age)', async () => {
    const source: ImageSource = { load: async () => ({ buffer: jpeg, maxAge: 31536000 }) };
    const config = resolveConfig({ images: { minimumCacheTTL: 3600 } }).images;
    const longer = await createImageCore({ config, source })(imageRequest('url=/a.jpg&w=640'), { requestId: 'r' });
    expect(longer.headers['cache-control']).toBe('public, max-age=31536000, must-revalidate');
    const shorter = await createImageCore({ config, source: { load: async () => ({ buffer: jpeg, maxAge: 5 }) } })(
      imageRequest('url=/a.jpg&w=640'),
      { requestId: 'r' },
    );
    expect(shorter.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
  });

  it('passes animated GIFs through unchanged', async () => {
    const response = await get('url=/anim.gif&w=32', { accept: BROWSER_ACCEPT });
    expect(response.headers['content-type']).toBe('image/gif');
    const meta = await decode(response);
    expect(meta).toMatchObject({ format: 'gif', pages: 2, width: 64 });
  });

  it('refuses SVG unless the config allows it, then serves it untouched with the CSP', async () => {
    const refused = await get('url=/logo.svg&w=640');
    expect(refused.status).toBe(400);
    expect(textOf(refused)).toBe('"url" parameter is valid but image type is not allowed');

    const allowed = await get('url=/logo.svg&w=640', { accept: BROWSER_ACCEPT }, { dangerouslyAllowSVG: true });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['content-type']).toBe('image/svg+xml');
    expect(allowed.headers['content-security-policy']).toBe("script-src 'none'; frame-src 'none'; sandbox;");
    expect(bytesOf(allowed).equals(SVG)).toBe(true);
  });

  it('sends an output too large for a Lambda response to the original instead', async () => {
    // An SVG passes through untouched, so a big one stays big: over the 4 MiB cap once encoded.
    const big = Buffer.concat([SVG.subarray(0, SVG.indexOf('>') + 1), Buffer.from(`<!--${'x'.repeat(MAX_RESPONSE_BYTES)}-->`), SVG.subarray(SVG.indexOf('>') + 1)]);
    writeFileSync(join(dir, 'huge.svg'), big);
    const response = await get('url=/huge.svg&w=640', { accept: BROWSER_ACCEPT }, { dangerouslyAllowSVG: true });
    expect(response.status).toBe(307);
    expect(response.headers['location']).toBe('/huge.svg');
    expect(lines.at(-1)).toMatchObject({ status: 307, outputBytes: big.length });
    // However `url` is spelled, the 307 names this site's own path (browsers drop tabs, fold `/.//`).
    for (const url of ['%2F.%2F%2Fhuge.svg', '%2F%09huge.svg', '%2Fhuge.svg%3Fa%3D%5C']) {
      const spelled = await get(`url=${url}&w=640`, { accept: BROWSER_ACCEPT }, { dangerouslyAllowSVG: true });
      expect(spelled.status).toBe(307);
      const location = new URL(spelled.headers['location']!, 'https://site.example');
      expect([location.origin, location.pathname]).toEqual(['https://site.example', '/huge.svg']);
    }
  });

  it.each([
    ['url=/notes.txt&w=640', "The requested resource isn't a valid image."],
    ['url=/corrupt.jpg&w=640', "The requested resource isn't a valid image."],
  ])('%s → 400 %s', async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(textOf(response)).toBe(message);
  });

  it('refuses a pixel bomb from its header, and stays healthy', async () => {
    const before = process.memoryUsage().rss;
    const response = await get('url=/bomb.png&w=640');
    expect(response.status).toBe(400);
    expect(textOf(response)).toBe(
      'The requested resource is too large: 60000×60000 pixels, the limit is 100000000 pixels.',
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await get('url=/small.png&w=640')).status).toBe(200);
  });

  it('refuses inputs over the byte limit before reading them', async () => {
    const config = resolveConfig().images;
    const response = await createImageCore({ config, source: createLocalSource(dir, { maxInputBytes: 1000 }) })(
      imageRequest('url=/photos/big.jpg&w=640'),
      { requestId: 'r' },
    );
    expect(response.status).toBe(400);
    expect(textOf(response)).toMatch(/^The requested resource is too large: \d+ bytes, the limit is 1000 bytes\.$/);
  });

  it('answers 404 for a missing file and for paths that climb out of the folder', async () => {
    expect((await get('url=/nope.jpg&w=640')).status).toBe(404);
    expect((await get('url=/photos&w=640')).status).toBe(404);
    expect((await get('url=/..%2F..%2Fetc%2Fpasswd&w=640')).status).toBe(404);
  });

  it('answers a parameter error as one line of plain text', async () => {
    const response = await get('url=/small.png&w=99');
    expect(response.status).toBe(400);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(textOf(response)).toBe('"w" parameter (width) of 99 is not allowed');
  });

  it('answers 405 for other methods', async () => {
    const response = await core()(imageRequest('url=/small.png&w=640', {}, 'POST'), {
      requestId: 'r',
    });
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD');
  });

  it('turns an unknown failure into a plain 500 without the stack, and logs it', async () => {
    const source: ImageSource = {
      load: async () => {
        throw new Error('secret detail at /var/task/index.js:1');
      },
    };
    const response = await core({}, source)(imageRequest('url=/a.jpg&w=640'), { requestId: 'r' });
    expect(response.status).toBe(500);
    expect(textOf(response)).toBe('Internal Server Error');
    expect(lines.some((line) => line.level === 'ERROR' && String(line.stack).includes('secret detail'))).toBe(true);
  });

  it('logs one JSON line per request with the request fields', async () => {
    await get('url=/photos/big.jpg&w=640&q=75', { accept: 'image/webp' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'image',
      requestId: 'req-1',
      cfId: 'cf-1',
      url: '/photos/big.jpg',
      w: 640,
      q: 75,
      format: 'image/webp',
      sourceBytes: jpeg.byteLength,
      status: 200,
    });
    expect(lines[0]!.outputBytes).toBeGreaterThan(0);
    expect(typeof lines[0]!.durationMs).toBe('number');
  });
});
