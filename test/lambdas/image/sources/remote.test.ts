/**
 * The remote source against HTTP servers the test starts on 127.0.0.1. Refusals of
 * private addresses are decided before any connection, so no traffic leaves loopback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createImageCore } from '../../../../lambdas/image/image-core';
import { getSharp } from '../../../../lambdas/image/sharp';
import { bytesOf, imageRequest, textOf } from '../core-request';
import { createRemoteSource, type RemoteSourceOptions } from '../../../../lambdas/image/sources/remote';
import { setLogSink, type LogSink } from '../../../../lambdas/shared/log';
import { resolveConfig } from '../../../../contract/config-schema';
import type { RemotePattern } from '../../../../contract/config';
import { makeJpeg } from '../../../fixtures/images/fixtures';

let server: http.Server;
let port: number;
let jpeg: Buffer;
let hits: string[];
let restoreSink: LogSink;

beforeAll(async () => {
  restoreSink = setLogSink(() => undefined);
  jpeg = await makeJpeg(800, 600);
  server = http.createServer((request, response) => {
    hits.push(request.url!);
    const path = new URL(request.url!, 'http://x').pathname;
    if (path === '/images/a.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400' });
      response.end(jpeg);
    } else if (path === '/images/redirect-ok') {
      response.writeHead(302, { location: '/images/a.jpg' });
      response.end();
    } else if (path === '/images/redirect-denied') {
      response.writeHead(301, { location: 'http://denied.example/images/a.jpg' });
      response.end();
    } else if (path === '/images/redirect-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/images/latest' });
      response.end();
    } else if (path === '/images/loop') {
      response.writeHead(302, { location: '/images/loop' });
      response.end();
    } else if (path === '/images/slow') {
      const timer = setTimeout(() => {
        if (!response.destroyed) response.end(jpeg);
      }, 2000);
      timer.unref();
    } else if (path === '/images/huge') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      // No Content-Length: the body has to be cut off while streaming.
      response.write(Buffer.alloc(4096));
      response.end(Buffer.alloc(4096));
    } else if (path === '/images/error') {
      response.writeHead(500);
      response.end('oops');
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  setLogSink(restoreSink);
});

beforeEach(() => {
  hits = [];
});

const loopbackPatterns: RemotePattern[] = [
  { protocol: 'http', hostname: '127.0.0.1', pathname: '/images/**' },
  { protocol: 'http', hostname: 'localhost', pathname: '/images/**' },
  { protocol: 'http', hostname: '[::1]' },
  { protocol: 'http', hostname: '169.254.169.254' },
  { protocol: 'http', hostname: 'images.internal.example' },
];

function remoteCore(remote: Omit<RemoteSourceOptions, 'remotePatterns'> = { allowLoopback: true }) {
  return createImageCore({
    config: resolveConfig({ images: { remotePatterns: loopbackPatterns } }).images,
    source: { load: async () => Promise.reject(new Error('site paths are not used here')) },
    remote: { timeoutMs: 500, ...remote },
  });
}

async function fetchImage(url: string, remote?: Omit<RemoteSourceOptions, 'remotePatterns'>) {
  const response = await remoteCore(remote)(
    imageRequest(`url=${encodeURIComponent(url)}&w=640`, { accept: 'image/webp' }),
    { requestId: 'r' },
  );
  return { status: response.status, response, text: response.status === 200 ? '' : textOf(response) };
}

describe('remote source', () => {
  it('loads an allowed image and keeps its longer max-age', async () => {
    const { status, response } = await fetchImage(`http://127.0.0.1:${port}/images/a.jpg`);
    expect(status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400, must-revalidate');
    const meta = await getSharp()(bytesOf(response)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640 });
  });

  it('refuses a host that is not on the allow list', async () => {
    const result = await fetchImage('http://other.example/images/a.jpg');
    expect(result).toMatchObject({ status: 400, text: '"url" parameter is not allowed' });
  });

  it('follows a redirect on the allow list', async () => {
    const { status } = await fetchImage(`http://127.0.0.1:${port}/images/redirect-ok`);
    expect(status).toBe(200);
    expect(hits).toEqual(['/images/redirect-ok', '/images/a.jpg']);
  });

  it('refuses a redirect to a host not on the allow list, without following it', async () => {
    const result = await fetchImage(`http://127.0.0.1:${port}/images/redirect-denied`);
    expect(result).toMatchObject({ status: 400, text: '"url" parameter is not allowed' });
  });

  it('refuses a redirect to the metadata address, without connecting', async () => {
    const result = await fetchImage(`http://127.0.0.1:${port}/images/redirect-metadata`);
    expect(result).toMatchObject({
      status: 400,
      text: '"url" parameter is valid but upstream image resolved to private ip',
    });
  });

  it('stops after 3 redirects', async () => {
    const result = await fetchImage(`http://127.0.0.1:${port}/images/loop`);
    expect(result.status).toBe(508);
    expect(hits).toHaveLength(4);
  });

  it('answers 504 when the host is too slow', async () => {
    const started = Date.now();
    const result = await fetchImage(`http://127.0.0.1:${port}/images/slow`);
    expect(result).toMatchObject({ status: 504, text: '"url" parameter is valid but upstream response timed out' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers 404 for an upstream 404 and 502 for an upstream error', async () => {
    expect((await fetchImage(`http://127.0.0.1:${port}/images/none.jpg`)).status).toBe(404);
    expect((await fetchImage(`http://127.0.0.1:${port}/images/error`)).status).toBe(502);
  });

  it('cuts off a body over the byte limit', async () => {
    const result = await fetchImage(`http://127.0.0.1:${port}/images/huge`, { allowLoopback: true, maxInputBytes: 5000 });
    expect(result).toMatchObject({
      status: 400,
      text: 'The requested resource is too large: more than 5000 bytes, the limit is 5000 bytes.',
    });
  });

  describe('refuses private addresses by default', () => {
    const privateIp = '"url" parameter is valid but upstream image resolved to private ip';

    it.each([
      ['loopback by IP', `http://127.0.0.1:${0}/images/a.jpg`],
      ['loopback by name', 'http://localhost/images/a.jpg'],
      ['IPv6 loopback', 'http://[::1]/images/a.jpg'],
      ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ])('%s', async (_name, url) => {
      const result = await fetchImage(url.replace(':0', `:${port}`), {});
      expect(result).toMatchObject({ status: 400, text: privateIp });
      expect(hits).toEqual([]);
    });

    it('a hostname whose DNS answer is private', async () => {
      const resolveHost = jest.fn(async () => [{ address: '10.0.0.7', family: 4 }]);
      const result = await fetchImage('http://images.internal.example/a.jpg', { resolveHost });
      expect(result).toMatchObject({ status: 400, text: privateIp });
      expect(resolveHost).toHaveBeenCalledWith('images.internal.example');
    });

    it('a hostname whose DNS answers mix a public and a private address', async () => {
      const resolveHost = async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:192.168.1.1', family: 6 },
      ];
      const result = await fetchImage('http://images.internal.example/a.jpg', { resolveHost });
      expect(result).toMatchObject({ status: 400, text: privateIp });
    });

    it('connects to the checked address, not to a second DNS answer', async () => {
      // The resolver maps the allowed name to the test server; loopback allowed for the test.
      const resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
      const source = createRemoteSource({
        remotePatterns: [{ hostname: 'images.internal.example' }],
        resolveHost,
        allowLoopback: true,
      });
      const { buffer } = await source.load(`http://images.internal.example:${port}/images/a.jpg`);
      expect(buffer.equals(jpeg)).toBe(true);
    });
  });
});
