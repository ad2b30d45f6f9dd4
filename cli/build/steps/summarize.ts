/** Step 8: the table printed at the end of a build: routes, kinds, first-load JS, totals. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildSync, type BuildOptions } from 'esbuild';
import type { Manifest, PageKind } from '../../manifest';
import { CLIENT_OPTIONS } from './bundle-client';
import { REPO_ROOT, RUNTIME_DIR } from '../../paths';

const KIND_MARK: Record<PageKind, string> = { static: '○', ssg: '●', ssr: 'λ' };
const KIND_NAME: Record<PageKind, string> = { static: 'static', ssg: 'static data', ssr: 'server data' };

export interface RouteSize {
  pattern: string;
  kind: PageKind;
  /** First-load JS (entry + page chunks), bytes after gzip and after brotli. */
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
}

const REACT_ONLY = `export * as r from 'react'; export * as d from 'react-dom/client'; export * as j from 'react/jsx-runtime';`;
const RUNTIME_ENTRY = ['client', 'link', 'head', 'router'].map((m, i) => `export * as m${i} from ${JSON.stringify(path.join(RUNTIME_DIR, m))};`).join(' ');

let runtimeSize: { runtime: BuildSummary['runtime']; react: BuildSummary['react'] } | undefined;

/**
 * The runtime's own share, measured as what it adds on top of React: React + React DOM
 * bundled alone, then together with the runtime (client entry, Link, Head, Router), with
 * the client bundle's settings; the share is the difference of the compressed sizes. Per
 * process: it depends on the checkout, not on the app.
 */
export function measureRuntime(): { runtime: BuildSummary['runtime']; react: BuildSummary['react'] } {
  if (runtimeSize) return runtimeSize;
  const bundle = (contents: string) => {
    const options: BuildOptions = {
      ...CLIENT_OPTIONS,
      stdin: { contents, resolveDir: REPO_ROOT, loader: 'tsx' },
      bundle: true,
      write: false,
    };
    const code = buildSync(options).outputFiles![0]!.contents;
    return { gzip: gzipSync(code, { level: 9 }).length, brotli: brotliCompressSync(code).length };
  };
  const react = bundle(REACT_ONLY);
  const both = bundle(`${REACT_ONLY} ${RUNTIME_ENTRY}`);
  runtimeSize = { react, runtime: { gzip: both.gzip - react.gzip, brotli: both.brotli - react.brotli } };
  return runtimeSize;
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

export function measure(manifest: Manifest, assetsDir: string, renderBundle: string): BuildSummary {
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
  return {
    routes: manifest.routes.map((r) => ({ pattern: r.pattern, kind: r.kind, prerendered: r.prerendered.length, ...total([...manifest.entryScripts, ...r.scripts]) })),
    sharedGzip: shared.gzip,
    sharedBrotli: shared.brotli,
    ...measureRuntime(),
    renderBundleBytes: readFileSync(renderBundle).length,
  };
}

export function formatSummary(summary: BuildSummary, buildId: string, seconds: number): string {
  const width = Math.max(5, ...summary.routes.map((r) => r.pattern.length));
  const note = (r: RouteSize) => (r.prerendered ? `(${r.prerendered} prerendered)` : '');
  const lines = [
    '',
    `  ${'Route'.padEnd(width)}  ${'Kind'.padEnd(11)}  First-load JS: ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}`,
    ...summary.routes.map((r) =>
      `${KIND_MARK[r.kind]} ${r.pattern.padEnd(width)}  ${KIND_NAME[r.kind].padEnd(11)}  ${''.padEnd(15)}${formatBytes(r.gzip).padStart(9)}` +
      `  ${formatBytes(r.brotli).padStart(9)}  ${note(r)}`.trimEnd(),
    ),
    '',
    `  Shared by all pages: ${formatBytes(summary.sharedGzip)} gzip, ${formatBytes(summary.sharedBrotli)} brotli`,
    `    of which the Stratus runtime: ${formatBytes(summary.runtime.gzip)} gzip, ${formatBytes(summary.runtime.brotli)} brotli` +
      ` (React + React DOM: ${formatBytes(summary.react.gzip)} gzip, ${formatBytes(summary.react.brotli)} brotli)`,
    `  Render Lambda bundle: ${formatBytes(summary.renderBundleBytes)} (index.js)`,
    `  ${summary.routes.length} routes, build ${buildId}, ${seconds.toFixed(1)} s`,
    '',
    '  ○ static   ● static data (getStaticProps)   λ server data (getServerSideProps)',
  ];
  return lines.join('\n');
}
