/**
 * Node's modules in browser code, as `next build` takes them: the ones the pages router maps
 * to a browser version (url, path, querystring, events, util, buffer, process,
 * string_decoder, punycode) build and work on the server and in the browser bundle alike; any
 * other in the app's browser code fails the build saying where it may be used instead.
 */
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
  ].join(' | ');
}
`;
const EXPECTED = "/a?b=1 | /p | a/c | .tsx | c=d%20e | heard | { k: 1 } | x! | aGk= | é | xn--bcher-kva.de";

const dir = tempApp({
  'lib/uses.js': USES,
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
