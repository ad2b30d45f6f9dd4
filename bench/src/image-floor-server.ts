/**
 * The floor of the image row over HTTP: a bare `node:http` server that runs raw sharp, the
 * images row's transform, on a file of the public folder (`/img?src=/bench-photos/x.jpg&q=75`)
 * and answers the WebP with its type and length. Nothing else: no parameters checked, no
 * cache headers, no log line. Set against the image function behind `stratus serve`, it is
 * measured by the same client on the same two cores, so the ratio holds what Stratus adds and
 * not the client's share (≈ 0.6 ms of CPU an image) that raw sharp in the bench's own process
 * does not pay.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './apps';
import { measuredEnv, startServer, type RunningServer } from './processes';

/**
 * A path the floor answers at once with 4 kB (an image's size here): the bench's client warms
 * its own HTTP code on it, thousands of times, before the rounds.
 */
export const imageFloorWarmPath = '/warm';

/** The path and query the floor answers for a source and a quality. */
export const imageFloorUrl = (src: string, quality = 75) => `/img?src=${encodeURIComponent(src)}&q=${quality}`;

const serverSource = (publicDir: string) => `
const http = require('node:http');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const sharp = require(${JSON.stringify(require.resolve('sharp', { paths: [REPO] }))});
const ROOT = ${JSON.stringify(publicDir)};
const WARM = Buffer.alloc(4096, 0x61);
http.createServer((req, res) => {
  // The client's warm-up (imageFloorWarmPath): an answer of an image's size, at once.
  if (req.url === ${JSON.stringify(imageFloorWarmPath)}) {
    res.writeHead(200, { 'content-type': 'image/webp', 'content-length': WARM.length });
    res.end(WARM);
    return;
  }
  const url = new URL(req.url, 'http://floor');
  const file = path.join(ROOT, path.normalize(url.searchParams.get('src') || '/'));
  if (url.pathname !== '/img' || !file.startsWith(ROOT + path.sep)) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  // As the in-process floor reads its files: from disk, whole, then sharp.
  sharp(readFileSync(file)).resize({ width: 640, withoutEnlargement: true }).webp({ quality: Number(url.searchParams.get('q')) }).toBuffer().then(
    (body) => {
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': body.length });
      res.end(body);
    },
    () => {
      res.writeHead(400, { 'content-length': '0' });
      res.end();
    },
  );
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** Writes the floor server beside a build (`<outDir>/.cache`) and starts it on `port`, serving `publicDir`'s files. */
export function startImageFloor(outDir: string, publicDir: string, port: number, probeSrc: string): Promise<RunningServer> {
  const file = path.join(outDir, '.cache', 'bench-image-floor.cjs');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, serverSource(path.resolve(publicDir)));
  return startServer(process.execPath, [file, String(port)], { cwd: REPO, port, probePath: imageFloorUrl(probeSrc), env: measuredEnv() });
}
