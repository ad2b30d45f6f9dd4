/**
 * Malformed image requests never get a 5xx (issue "Hardening", item 3): the parser either
 * returns parameters the contract allows or a 400 whose one-line message names `url`, `w`
 * or `q`; the image core, over generated methods, queries and headers, answers only the
 * documented statuses and texts, with no stack trace or file path.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { resolveConfig } from '../../../contract/config-schema';
import { createImageCore } from '../../../lambdas/image/image-core';
import { imageRequest, textOf } from './core-request';
import { parseImageParams } from '../../../lambdas/image/params';
import { isAllowedRemoteUrl } from '../../../lambdas/image/remote-patterns';
import { createLocalSource } from '../../../lambdas/image/sources/local';
import { isHttpError } from '../../../lambdas/shared/http-error';
import { setLogSink, type LogSink } from '../../../lambdas/shared/log';
import { makeJpeg, makePng } from '../../fixtures/images/fixtures';
import { encodeForTarget, imageQueryArb, queryArb, type SiteShape } from '../../helpers/hostile-input';
import { checkProperty } from '../../helpers/property';

const config = resolveConfig({
  images: { remotePatterns: [{ protocol: 'https', hostname: '**.example.com', pathname: '/images/**' }], formats: ['image/avif', 'image/webp'] },
}).images;
const widths = [...config.deviceSizes, ...config.imageSizes];
const SITE: SiteShape = {
  buildId: 'b1', locales: ['en', 'fr'], pages: ['/'], publicFiles: ['/photos/a.jpg', '/small.png', '/notes.txt', '/photos'], images: ['/photos/a.jpg', '/small.png'], widths,
};

/** The image path's documented 4xx texts. */
const DOCUMENTED = [/^"(url|w|q)" parameter /, /^The requested resource (isn't a valid image\.|was not found\.|is too large: )/, /^Method Not Allowed$/];

/** Queries from the hostile generators, plus any text at all. */
const anyQueryArb = fc.oneof({ weight: 4, arbitrary: imageQueryArb(SITE) }, queryArb, fc.string({ unit: 'binary', maxLength: 40 }).map(encodeForTarget), fc.string({ maxLength: 40 }));

describe('parseImageParams', () => {
  test('returns allowed parameters or a 400 naming one, for any query', async () => {
    await checkProperty(
      'image params: valid or a 400 naming the parameter',
      fc.property(anyQueryArb, (query) => {
        let params;
        try {
          params = parseImageParams(new URLSearchParams(query), config);
        } catch (error) {
          if (!isHttpError(error) || error.statusCode !== 400) throw error;
          return /^"(url|w|q)" parameter /.test(error.message) && !error.message.includes('\n');
        }
        const site = new URL(params.url, 'https://site.example');
        const urlOk = params.isAbsolute
          ? isAllowedRemoteUrl(new URL(params.url), config.remotePatterns)
          : params.url.startsWith('/') && !params.url.startsWith('//') && site.origin === 'https://site.example' && !/^\/_app\/image(\/|$)/.test(decodeURIComponent(site.pathname));
        return urlOk && widths.includes(params.width) && Number.isInteger(params.quality) && params.quality >= 1 && params.quality <= 100;
      }),
      5000,
    );
  });
});

describe('image core', () => {
  let dir: string;
  let restoreSink: LogSink;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stratus-image-prop-'));
    mkdirSync(join(dir, 'photos'));
    writeFileSync(join(dir, 'photos', 'a.jpg'), await makeJpeg(120, 80));
    writeFileSync(join(dir, 'small.png'), await makePng(40, 20));
    writeFileSync(join(dir, 'notes.txt'), 'hello, not an image');
    restoreSink = setLogSink((line) => logged.push(line));
  });

  afterAll(() => {
    setLogSink(restoreSink);
    rmSync(dir, { recursive: true, force: true });
  });

  test('answers any request with a documented status and text, never 5xx', async () => {
    const core = createImageCore({ config, source: createLocalSource(dir) });
    const requestArb = fc.record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('GET', 'HEAD') }, { weight: 1, arbitrary: fc.constantFrom('POST', 'DELETE', 'OPTIONS') }),
      query: anyQueryArb,
      accept: fc.constantFrom(undefined, 'image/avif,image/webp,*/*', 'image/webp', '*/*', '__proto__', ';q=x'),
      ifNoneMatch: fc.constantFrom(undefined, '*', '"x"', 'W/"x", *', ','),
    });
    const statuses = new Map<number, number>();
    await checkProperty(
      'image core: documented answers only',
      fc.asyncProperty(requestArb, async ({ method, query, accept, ifNoneMatch }) => {
        // Null prototype, as the adapter builds them: the names are the client's.
        const headers: Record<string, string> = Object.create(null);
        if (accept !== undefined) headers.accept = accept;
        if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
        const response = await core(imageRequest(query, headers, method), { requestId: 'r' });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) throw new Error(`${method} ?${query} answered ${response.status}: ${textOf(response)}`);
        if (response.status < 400) return;
        const text = textOf(response);
        const type = response.headers['content-type'] ?? '';
        if (!type.startsWith('text/plain') || text.includes('\n') || !DOCUMENTED.some((m) => m.test(text))) {
          throw new Error(`${method} ?${query} answered ${response.status} ${type} ${JSON.stringify(text)}`);
        }
      }),
      600,
    );
    expect(logged.filter((line) => line.includes('"level":"ERROR"'))).toEqual([]);
    // The generators reach every outcome, not only the parser's refusals.
    for (const status of [200, 400, 404]) expect(statuses.get(status)).toBeGreaterThan(0);
  });
});
