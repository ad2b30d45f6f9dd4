/** Step 8: the table printed at the end of a build: routes, kinds, first-load JS, totals. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Manifest, PageKind } from '../../manifest';

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
  renderBundleBytes: number;
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
    renderBundleBytes: readFileSync(renderBundle).length,
  };
}

export function formatSummary(summary: BuildSummary, buildId: string, seconds: number): string {
  const width = Math.max(5, ...summary.routes.map((r) => r.pattern.length));
  const lines = [
    '',
    `  ${'Route'.padEnd(width)}  ${'Kind'.padEnd(11)}  First-load JS (gzip)`,
    ...summary.routes.map((r) =>
      `${KIND_MARK[r.kind]} ${r.pattern.padEnd(width)}  ${KIND_NAME[r.kind].padEnd(11)}  ${formatBytes(r.gzip).padStart(9)}` +
      (r.prerendered ? `  (${r.prerendered} prerendered)` : ''),
    ),
    '',
    `  Shared by all pages: ${formatBytes(summary.sharedGzip)} gzip, ${formatBytes(summary.sharedBrotli)} brotli`,
    `  Render Lambda bundle: ${formatBytes(summary.renderBundleBytes)}`,
    `  ${summary.routes.length} routes, build ${buildId}, ${seconds.toFixed(1)} s`,
    '',
    '  ○ static   ● static data (getStaticProps)   λ server data (getServerSideProps)',
  ];
  return lines.join('\n');
}
