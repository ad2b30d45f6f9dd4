/**
 * The floor of `/ssr/1` over HTTP: a bare `node:http` server doing only the page's own work
 * (issue 35). It calls the benchmark page's `getServerSideProps`, renders the same `_app` and
 * page with `react-dom/server`'s `renderToString` (the same React, compiled as the render
 * bundle is), embeds the props as JSON escaped for a `<script>` exactly as Stratus does
 * (its own `serializeForScript`), and answers a minimal document with a `Content-Length`.
 * Nothing else: no routing, no log line, no headers beyond type and length. What Stratus
 * answers above this is what the framework adds.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { runtimeAliasPlugin } from '../../cli/builder/plugins/runtime-alias';
import { SERVER_OPTIONS } from '../../cli/builder/steps/bundle-render';
import { REPO, STRATUS_APP, type BuiltApp } from './apps';
import { measuredEnv, startServer } from './processes';

/** The one path the floor answers; anything else is a bare 404. */
export const FLOOR_PATH = /^\/ssr\/([^/?]+)$/;

/** The floor's work for one request: the page's data, the tree, the props escaped, the document (a flat string, as a socket write makes it). */
const pageSource = () => `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import App from ${JSON.stringify(path.join(STRATUS_APP, 'pages', '_app.tsx'))};
import Page, { getServerSideProps } from ${JSON.stringify(path.join(STRATUS_APP, 'pages', 'ssr', '[id].tsx'))};
import { serializeForScript } from ${JSON.stringify(path.join(REPO, 'lambdas', 'render', 'html', 'document.ts'))};

const escapeText = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function floorPage(id) {
  const { props } = getServerSideProps({ params: { id }, locale: 'en', query: {} });
  const body = renderToString(createElement(App, { Component: Page, pageProps: props }));
  return '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>' + escapeText(props.title) + '</title></head><body><div id="__next">' +
    body + '</div><script id="__NEXT_DATA__" type="application/json">' + serializeForScript({ props }) + '</script></body></html>';
}
`;

const serverEntry = () => `
import { createServer } from 'node:http';
import { floorPage } from 'stratus-floor-page';

const PATH = ${FLOOR_PATH.toString()};

createServer((req, res) => {
  const match = PATH.exec(req.url);
  if (!match) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  const html = floorPage(match[1]);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** The floor's page as a module of its own (for the in-process row), and the server's import of it. */
const floorPagePlugin = {
  name: 'stratus-floor-page',
  setup(b: import('esbuild').PluginBuild) {
    b.onResolve({ filter: /^stratus-floor-page$/ }, () => ({ path: 'floor-page', namespace: 'stratus-floor' }));
    b.onLoad({ filter: /.*/, namespace: 'stratus-floor' }, () => ({ contents: pageSource(), loader: 'js', resolveDir: STRATUS_APP }));
  },
};

/**
 * Compiles the floor's page alone (CommonJS, `floorPage(id)` → the document): what the
 * render function's handler is set against in process.
 */
export async function buildFloorPage(outDir: string): Promise<string> {
  const outfile = path.join(outDir, '.cache', 'bench-floor-page.js');
  await build({
    ...SERVER_OPTIONS,
    stdin: { contents: `export { floorPage } from 'stratus-floor-page';`, resolveDir: STRATUS_APP, loader: 'js' },
    outfile,
    plugins: [floorPagePlugin, runtimeAliasPlugin({ esmFacades: true })],
  });
  return outfile;
}

/** Compiles the floor server beside the Stratus build (the render bundle's settings) and returns it as an app of the throughput row. */
export async function buildSsrFloor(outDir: string): Promise<BuiltApp> {
  const outfile = path.join(outDir, '.cache', 'bench-ssr-floor.js');
  const started = performance.now();
  await build({
    ...SERVER_OPTIONS,
    stdin: { contents: serverEntry(), resolveDir: STRATUS_APP, loader: 'js' },
    outfile,
    plugins: [floorPagePlugin, runtimeAliasPlugin({ esmFacades: true })],
  });
  return {
    framework: 'floor',
    buildSeconds: (performance.now() - started) / 1000,
    publicDir: path.join(outDir, 'assets'),
    dataUrl: () => {
      throw new Error('the floor serves /ssr/:id only');
    },
    start: (port, probePath = '/ssr/1') => startServer(process.execPath, [outfile, String(port)], { cwd: REPO, port, probePath, env: measuredEnv() }),
  };
}
