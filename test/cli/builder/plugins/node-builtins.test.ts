/**
 * Node's modules in browser code, as `next build` takes them: the ones the pages router maps
 * to a browser version (url, path, querystring, events, util, buffer, process,
 * string_decoder, punycode, stream, zlib, crypto, os, assert, http, …) build and work on the
 * server and in the browser bundle alike, imported by the app or by a library (whose own
 * `browser` field wins); any other in the app's browser code fails the build saying where it
 * may be used instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, openTab, siteAndBrowser } from '../../../helpers/browser';
import { build } from '../../../../cli/builder/build';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

const USES = `import { format, parse } from 'url';
import { join, extname } from 'path';
import { stringify } from 'querystring';
import { EventEmitter } from 'events';
import { inspect, format as formatText } from 'util';
import { Buffer } from 'buffer';
import { StringDecoder } from 'string_decoder';
import { toASCII } from 'punycode';
import { PassThrough } from 'stream';
import { deflateSync, inflateSync } from 'zlib';
import { createHash } from 'crypto';
import { EOL } from 'os';
import assert from 'assert';
import { request } from 'http';
import { piped } from 'uses-stream';
export function summary() {
  const emitter = new EventEmitter();
  let heard = '';
  emitter.on('x', (v) => { heard = v; });
  emitter.emit('x', 'heard');
  return [
    format({ pathname: '/a', query: { b: '1' } }),
    parse('/p?q=1').pathname,
    join('a', 'b', '..', 'c'),
    extname('x.tsx'),
    stringify({ c: 'd e' }),
    heard,
    inspect({ k: 1 }),
    formatText('%s!', 'x'),
    Buffer.from('hi').toString('base64'),
    new StringDecoder('utf8').write(Buffer.from('é')),
    toASCII('bücher.de'),
    typeof new PassThrough().pipe,
    inflateSync(deflateSync(Buffer.from('zipped'))).toString(),
    createHash('sha256').update('hi').digest('hex').slice(0, 12),
    JSON.stringify(EOL),
    (assert.strictEqual(1, 1), 'asserted'),
    typeof request,
    piped,
  ].join(' | ');
}
`;
const EXPECTED = '/a?b=1 | /p | a/c | .tsx | c=d%20e | heard | { k: 1 } | x! | aGk= | é | xn--bcher-kva.de | function | zipped | 8f434346648f | "\\n" | asserted | function | a library\'s stream';

const dir = tempApp({
  'lib/uses.js': USES,
  // A library that reads Node's stream as it loads (@emotion/server's dependencies do: MUI's pages-router setup).
  'node_modules/uses-stream/package.json': '{ "name": "uses-stream", "version": "1.0.0", "main": "index.js" }\n',
  'node_modules/uses-stream/index.js': "var Transform = require('stream').Transform;\nexports.piped = typeof Transform === 'function' ? \"a library's stream\" : 'none';\n",
  'pages/index.js':
    "import { useEffect, useState } from 'react';\nimport { summary } from '../lib/uses';\n" +
    'export default function Home() { const [client, setClient] = useState(""); useEffect(() => setClient(summary()), []); return <main><p id="server">{summary()}</p><p id="client">{client}</p></main>; }\n',
  'public/favicon.ico': '',
});
const env = siteAndBrowser(dir);

test("the Node modules the pages router maps give the browser the answers Node gives the server", async () => {
  const tab = await openTab(env.browser, env.site.url);
  await tab.goto('/');
  await tab.waitForText('xn--bcher-kva.de');
  expect(await tab.page.textContent('#server')).toBe(EXPECTED);
  await eventually(async () => (await tab.page.textContent('#client')) === EXPECTED, 'the browser computed the same', 5_000);
  expect(tab.errors).toEqual([]);
  await tab.close();
});

test("another Node module in the app's browser code stops the build saying where it belongs; used only by getStaticProps it is fine", async () => {
  const bad = tempApp({ 'pages/index.js': "import { readFileSync } from 'fs';\nexport default function Home() { return <p>{String(readFileSync)}</p>; }\n" });
  await expect(build({ appDir: bad, outDir: path.join(bad, '.stratus'), imageLambda: false })).rejects.toThrow(
    /"fs" is a Node\.js module, and this file is part of the browser's code\. Use it in getStaticProps, getServerSideProps or an API route/,
  );
  const fine = tempApp({
    'data.txt': 'from the file',
    'pages/index.js':
      "import { readFileSync } from 'node:fs';\nimport path from 'path';\nexport default function Home({ text }) { return <p>{text}</p>; }\n" +
      "export function getStaticProps() { return { props: { text: readFileSync(path.join(process.cwd(), 'data.txt'), 'utf8') } }; }\n",
  });
  const { outDir } = await build({ appDir: fine, outDir: path.join(fine, '.stratus'), imageLambda: false });
  expect(prerenderedHtml(outDir, '/')).toContain('<p>from the file</p>');
});

test("a library's browser field that maps a Node module away wins over the browser version", async () => {
  const app = tempApp({
    'node_modules/maps-away/package.json': '{ "name": "maps-away", "version": "1.0.0", "main": "index.js", "browser": { "crypto": false } }\n',
    'node_modules/maps-away/index.js': "var crypto = require('crypto');\nexports.hasCrypto = typeof crypto.createECDH === 'function';\n",
    'pages/index.js': "import { useEffect, useState } from 'react';\nimport { hasCrypto } from 'maps-away';\nexport default function Home() { const [v, setV] = useState(''); useEffect(() => setV(String(hasCrypto)), []); return <p>{v}</p>; }\n",
  });
  const { outDir } = await build({ appDir: app, outDir: path.join(app, '.stratus'), imageLambda: false });
  const chunks = path.join(outDir, 'assets', '_app', 'static', 'chunks');
  const code = readdirSync(chunks).map((file) => readFileSync(path.join(chunks, file), 'utf8')).join('\n');
  expect(code).toContain('hasCrypto');
  // crypto-browserify's elliptic curves are not in the bundle.
  expect(code).not.toMatch(/secp256k1/);
});
