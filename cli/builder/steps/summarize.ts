/** Build step: the table printed at the end of a build: routes (pages and API routes), kinds, first-load JS, totals. */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildSync, version as esbuildVersion, type BuildOptions } from 'esbuild';
import { bodyRoutesOf, pageBodiesWanted } from '../../../contract/edge-behaviours';
import type { Manifest, PageKind } from '../../../contract/manifest';
import { CLIENT_OPTIONS, LAZY_RUNTIME_FILES } from './bundle-client';
import { CONTRACT_DIR, NODE_MODULES, REPO_ROOT, RUNTIME_DIR } from '../../paths';

const KIND_MARK: Record<PageKind, string> = { static: '○', ssg: '●', ssr: 'λ', api: 'ƒ' };
const KIND_NAME: Record<PageKind, string> = { static: 'static', ssg: 'static data', ssr: 'server data', api: 'API' };

export interface RouteSize {
  pattern: string;
  kind: PageKind;
  /** First-load JS (entry + page chunks), bytes after gzip and after brotli; 0 for API routes, which ship none. */
  gzip: number;
  brotli: number;
  prerendered: number;
}

export interface BuildSummary {
  routes: RouteSize[];
  sharedGzip: number;
  sharedBrotli: number;
  /** The Stratus client runtime's own share of the first load: everything but React and React DOM. */
  runtime: { gzip: number; brotli: number };
  /** React and React DOM, compressed on their own. */
  react: { gzip: number; brotli: number };
  renderBundleBytes: number;
  /**
   * Whether page paths take request bodies (for `getServerSideProps` pages or middleware),
   * and so in AWS pass the body signer at the edge on every request (`pageBodies`), and why;
   * absent when nothing on a page path could read one.
   */
  pageBodies?: { state: 'taken' | 'refused'; by: 'server pages' | 'middleware' };
}

const REACT_ONLY = `export * as r from 'react'; export * as d from 'react-dom/client'; export * as j from 'react/jsx-runtime';`;
const RUNTIME_ENTRY = ['browser/start-client', 'link', 'head', 'router'].map((m, i) => `export * as m${i} from ${JSON.stringify(path.join(RUNTIME_DIR, m))};`).join(' ');

type RuntimeSize = { runtime: BuildSummary['runtime']; react: BuildSummary['react'] };

/**
 * What the runtime figure depends on: the runtime's sources, the React and esbuild
 * versions and the compile options. Never the app.
 */
function runtimeSizeKey(): string {
  // 'first-load': what the runtime loads on demand is left out (a change of method, so a new key).
  const hash = createHash('sha256').update('first-load').update(JSON.stringify(CLIENT_OPTIONS)).update(esbuildVersion);
  for (const pkg of ['react', 'react-dom']) hash.update(readFileSync(path.join(NODE_MODULES, pkg, 'package.json')));
  // The browser runtime also bundles the contract's URL layout.
  for (const dir of [RUNTIME_DIR, CONTRACT_DIR]) {
    for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
      const full = path.join(dir, file);
      if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
    }
  }
  return hash.digest('hex');
}

/**
 * The runtime's own share, measured as what it adds on top of React: React + React DOM
 * bundled alone, then together with the runtime (client entry, Link, Head, Router), with
 * the client bundle's settings; the share is the difference of the compressed sizes.
 * Bundling React twice takes over a second, and the figure depends on the checkout, not
 * the app, so it is kept in node_modules/.cache until the runtime or React changes.
 */
export function measureRuntime(): RuntimeSize {
  const key = runtimeSizeKey();
  const cacheFile = path.join(NODE_MODULES, '.cache', 'stratus', 'runtime-size.json');
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; size: RuntimeSize };
    if (cached.key === key) return cached.size;
  } catch {
    // No cache yet, or an unreadable one: measure.
  }
  const bundle = (contents: string) => {
    const options: BuildOptions = {
      ...CLIENT_OPTIONS,
      stdin: { contents, resolveDir: REPO_ROOT, loader: 'tsx' },
      bundle: true,
      write: false,
      // What the runtime loads on demand (error pages, the announcer, page stylesheets) is not in the first load.
      external: LAZY_RUNTIME_FILES,
    };
    const code = buildSync(options).outputFiles![0]!.contents;
    return { gzip: gzipSync(code, { level: 9 }).length, brotli: brotliCompressSync(code).length };
  };
  const react = bundle(REACT_ONLY);
  const both = bundle(`${REACT_ONLY} ${RUNTIME_ENTRY}`);
  const size: RuntimeSize = { react, runtime: { gzip: both.gzip - react.gzip, brotli: both.brotli - react.brotli } };
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify({ key, size }));
  return size;
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

/** `prerendered`: how many pages a route prerendered (the manifest's lists are on disk, not in memory). */
export function measure(manifest: Manifest, assetsDir: string, renderBundle: string, prerendered: (pattern: string) => number = (pattern) => manifest.routes.find((r) => r.pattern === pattern)?.prerendered.length ?? 0): BuildSummary {
  const cache = new Map<string, { gzip: number; brotli: number }>();
  const size = (url: string) => {
    let entry = cache.get(url);
    if (!entry) {
      const content = readFileSync(path.join(assetsDir, url));
      entry = { gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
      cache.set(url, entry);
    }
    return entry;
  };
  const total = (urls: Iterable<string>) => {
    let gzip = 0;
    let brotli = 0;
    for (const url of new Set(urls)) {
      gzip += size(url).gzip;
      brotli += size(url).brotli;
    }
    return { gzip, brotli };
  };
  const shared = total(manifest.entryScripts);
  const bodiesBy = pageBodiesWanted(manifest);
  return {
    routes: manifest.routes.map((r) => ({
      pattern: r.pattern,
      kind: r.kind,
      prerendered: prerendered(r.pattern),
      ...(r.kind === 'api' ? { gzip: 0, brotli: 0 } : total([...manifest.entryScripts, ...r.scripts])),
    })),
    sharedGzip: shared.gzip,
    sharedBrotli: shared.brotli,
    ...measureRuntime(),
    renderBundleBytes: readFileSync(renderBundle).length,
    ...(bodiesBy ? { pageBodies: { state: bodyRoutesOf(manifest).pageBodies ? ('taken' as const) : ('refused' as const), by: bodiesBy } } : {}),
  };
}

/** A route's first-load figure; an API route ships no browser code at all. */
const firstLoad = (r: RouteSize, bytes: number) => (r.kind === 'api' ? '—' : formatBytes(bytes));

/** What server pages accepting bodies costs in AWS, and the setting that turns it off. */
function pageBodiesLines(pageBodies: BuildSummary['pageBodies']): string[] {
  if (!pageBodies) return [];
  const middleware = pageBodies.by === 'middleware';
  if (pageBodies.state === 'refused') {
    return [middleware ? '  Page paths take GET and HEAD only, middleware included (pageBodies: false).' : '  Server pages take GET and HEAD only (pageBodies: false).'];
  }
  return [
    middleware
      ? '  Middleware takes request bodies on page paths, so in AWS the body signer (Lambda@Edge) runs on'
      : '  Server pages take request bodies, so in AWS the body signer (Lambda@Edge) runs on every',
    middleware
      ? '  every page request; if middleware answers no POST outside /api, set pageBodies: false.'
      : '  page request that reaches the render function; if no page reads a body, set pageBodies: false.',
  ];
}

export function formatSummary(summary: BuildSummary, buildId: string, seconds: number): string {
  const width = Math.max(5, ...summary.routes.map((r) => r.pattern.length));
  const note = (r: RouteSize) => (r.prerendered ? `(${r.prerendered} prerendered)` : '');
  const apiCount = summary.routes.filter((r) => r.kind === 'api').length;
  const legend = '  ○ static   ● static data (getStaticProps)   λ server data (getServerSideProps)';
  const lines = [
    '',
    `  ${'Route'.padEnd(width)}  ${'Kind'.padEnd(11)}  First-load JS: ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}`,
    ...summary.routes.map((r) =>
      `${KIND_MARK[r.kind]} ${r.pattern.padEnd(width)}  ${KIND_NAME[r.kind].padEnd(11)}  ${''.padEnd(15)}${firstLoad(r, r.gzip).padStart(9)}` +
      `  ${firstLoad(r, r.brotli).padStart(9)}  ${note(r)}`.trimEnd(),
    ),
    '',
    `  Shared by all pages: ${formatBytes(summary.sharedGzip)} gzip, ${formatBytes(summary.sharedBrotli)} brotli`,
    `    of which the Stratus runtime: ${formatBytes(summary.runtime.gzip)} gzip, ${formatBytes(summary.runtime.brotli)} brotli` +
      ` (React + React DOM: ${formatBytes(summary.react.gzip)} gzip, ${formatBytes(summary.react.brotli)} brotli)`,
    `  Render Lambda bundle: ${formatBytes(summary.renderBundleBytes)} (app.js)`,
    `  ${summary.routes.length} routes${apiCount > 0 ? ` (${apiCount} API)` : ''}, build ${buildId}, ${seconds.toFixed(1)} s`,
    ...pageBodiesLines(summary.pageBodies),
    '',
    apiCount > 0 ? `${legend}   ƒ API route (pages/api)` : legend,
  ];
  return lines.join('\n');
}
