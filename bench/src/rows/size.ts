/**
 * Sizes. Server code: the render Lambda folder against Next's standalone output (the
 * server part, without `.next/static` and `public/`), raw and as a zip would hold it.
 * First-load JS: every script the page's HTML loads (module scripts, modulepreload,
 * `defer` scripts; `nomodule` polyfills left out), fetched from the running server and
 * compressed here with gzip -9 and brotli. The floor: react + react-dom/client bundled
 * alone, minified, in production mode. React Router has no self-contained server output
 * (build/server needs the app's node_modules at run time), so it has first-load rows only.
 * reportWebVitals: the benchmark app again with `_app` exporting it, against the app as
 * built: what first-load JS it adds, and the reporter's chunk it loads after hydration (an
 * app without it ships the bytes it did before).
 */
import { appendFileSync, cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { withCodeCache } from '../code-cache';
import { brotliCompressSync, deflateRawSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildStratus, privateBuildDir, REPO, STRATUS_APP, type BuiltApp, type NextBuild, type StratusBuild } from '../apps';
import { freePort, probe } from '../processes';
import { summarize } from '../stats';
import type { ResultRow } from '../table';

interface FolderSize {
  raw: number;
  zipped: number;
  files: number;
}

/**
 * Bytes of a folder, and of a zip of it: per file a deflated body (or stored, when deflate
 * does not help) plus the local header and central directory entry, as `zip -9` writes.
 */
export function folderSize(dir: string, skip: (relative: string) => boolean = () => false): FolderSize {
  const total: FolderSize = { raw: 0, zipped: 22, files: 0 };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const full = path.join(folder, entry);
      const relative = path.relative(dir, full);
      if (skip(relative)) continue;
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile()) {
        const content = readFileSync(full);
        const name = Buffer.byteLength(relative);
        total.raw += content.length;
        total.zipped += Math.min(content.length, deflateRawSync(content, { level: 9 }).length) + 30 + 46 + 2 * name;
        total.files++;
      }
    }
  };
  walk(dir);
  return total;
}

/** Script URLs a page's HTML makes the browser load before it is interactive. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = match[1]!;
    const src = attrs.match(/\bsrc="([^"]+)"/)?.[1];
    if (src && !/\bnomodule\b/i.test(attrs)) urls.add(src);
  }
  for (const match of html.matchAll(/<link\b([^>]*)>/g)) {
    const attrs = match[1]!;
    const href = attrs.match(/\bhref="([^"]+)"/)?.[1];
    if (href && (/\brel="modulepreload"/.test(attrs) || (/\brel="preload"/.test(attrs) && /\bas="script"/.test(attrs)))) urls.add(href);
  }
  return [...urls].map((u) => u.replace(/&amp;/g, '&'));
}

async function firstLoad(serverUrl: string, pagePath: string): Promise<{ gzip: number; brotli: number; scripts: number }> {
  const page = await probe(serverUrl + pagePath);
  if (page?.status !== 200) throw new Error(`GET ${pagePath}: ${page?.status}`);
  let gzip = 0;
  let brotli = 0;
  const scripts = firstLoadScripts(page.body.toString('utf8'));
  for (const src of scripts) {
    const res = await probe(new URL(src, serverUrl).href);
    if (res?.status !== 200) throw new Error(`GET ${src}: ${res?.status}`);
    gzip += gzipSync(res.body, { level: 9 }).length;
    brotli += brotliCompressSync(res.body).length;
  }
  return { gzip, brotli, scripts: scripts.length };
}

/** react + react-dom/client alone, bundled for the browser: what any React app ships. */
export async function reactBaseline(): Promise<{ gzip: number; brotli: number }> {
  const result = await build({
    stdin: { contents: "import { createElement } from 'react';\nimport { hydrateRoot } from 'react-dom/client';\nwindow.__r = [createElement, hydrateRoot];\n", resolveDir: REPO, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const content = Buffer.from(result.outputFiles[0]!.contents);
  return { gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
}

export function serverSizes(stratus: StratusBuild, next: NextBuild | undefined): { stratus: FolderSize; bundle: number; next?: FolderSize } {
  const skipNext = (relative: string) => relative === 'public' || relative === path.join('.next', 'static') || relative === path.join('.next', 'cache');
  return {
    stratus: folderSize(stratus.renderDir),
    bundle: lstatSync(stratus.renderBundle).size,
    next: next ? folderSize(next.standaloneDir, skipNext) : undefined,
  };
}

export async function runSize(stratus: StratusBuild, next: NextBuild | undefined, server: ReturnType<typeof serverSizes>, apps: BuiltApp[], log: (line: string) => void): Promise<ResultRow[]> {
  const one = (value: number) => summarize([value]);
  const rows: ResultRow[] = [];
  const section = 'Size';
  rows.push({ id: 'size-server-raw', section, label: 'server code, raw (Lambda folder / standalone)', unit: 'B', better: 'lower', stratus: one(server.stratus.raw), other: server.next && one(server.next.raw), otherLabel: 'Next.js' });
  rows.push({ id: 'size-server-zip', section, label: 'server code, zipped', unit: 'B', better: 'lower', stratus: one(server.stratus.zipped), other: server.next && one(server.next.zipped), otherLabel: 'Next.js' });
  rows.push({ id: 'size-server-files', section, label: 'server code, files', unit: 'files', better: 'lower', stratus: one(server.stratus.files), other: server.next && one(server.next.files), otherLabel: 'Next.js' });
  // What `stratus deploy` ships: the same folder and the code cache the function makes of itself.
  const shipped = folderSize(await withCodeCache(stratus.renderDir));
  rows.push({ id: 'size-server-zip-deployed', section, label: 'server code, zipped, with the code cache stratus deploy adds', unit: 'B', better: 'lower', stratus: one(shipped.zipped), other: server.next && one(server.next.zipped), otherLabel: 'Next.js' });
  const measured = new Map<string, Record<string, { gzip: number; brotli: number; scripts: number }>>();
  for (const app of apps) {
    const running = await app.start(await freePort());
    try {
      measured.set(app.framework, { '/': await firstLoad(running.url, '/'), '/ssr/1': await firstLoad(running.url, '/ssr/1') });
    } finally {
      await running.stop();
    }
  }
  for (const p of ['/', '/ssr/1']) {
    for (const enc of ['gzip', 'brotli'] as const) {
      const of = (fw: string) => {
        const m = measured.get(fw)?.[p];
        return m && one(m[enc]);
      };
      rows.push({ id: `first-load-${p === '/' ? 'home' : 'ssr'}-${enc}`, section, label: `first-load JS of ${p}, ${enc}`, unit: 'B', better: 'lower', stratus: of('stratus'), other: of('next'), otherLabel: 'Next.js', reactRouter: of('react-router') });
    }
  }
  const react = await reactBaseline();
  const home = (fw: string) => measured.get(fw)?.['/'];
  rows.push({ id: 'first-load-react-floor', section, label: 'react + react-dom/client alone, gzip', unit: 'B', better: 'lower', stratus: one(react.gzip), otherLabel: 'floor' });
  const share = (fw: string) => (home(fw) ? one(home(fw)!.gzip - react.gzip) : undefined);
  rows.push({ id: 'first-load-home-beyond-react', section, label: 'first-load JS of / beyond react, gzip (target < 8 kB)', unit: 'B', better: 'lower', stratus: share('stratus'), other: share('next'), otherLabel: 'Next.js', reactRouter: share('react-router') });
  log(`  scripts on /: ${apps.map((app) => `${app.framework} ${home(app.framework)?.scripts ?? '–'}`).join(', ')}`);
  const vitals = await webVitalsCost(log);
  const asBuilt = home('stratus');
  rows.push({ id: 'first-load-home-web-vitals', section, label: 'first-load JS of /, gzip: _app exporting reportWebVitals vs as built', unit: 'B', better: 'lower', stratus: one(vitals.firstLoad.gzip), other: asBuilt && one(asBuilt.gzip), otherLabel: 'as built' });
  rows.push({ id: 'web-vitals-chunk', section, label: 'reportWebVitals reporter (web-vitals), loaded after hydration, gzip', unit: 'B', better: 'lower', stratus: one(vitals.chunkGzip), otherLabel: 'floor' });
  return rows;
}

/** The benchmark app with `_app` exporting reportWebVitals: its first load of / and its reporter's chunk. */
async function webVitalsCost(log: (line: string) => void): Promise<{ firstLoad: { gzip: number; brotli: number; scripts: number }; chunkGzip: number }> {
  const appDir = mkdtempSync(path.join(path.dirname(STRATUS_APP), '.stratus-app-vitals-'));
  try {
    cpSync(STRATUS_APP, appDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}.stratus`) });
    appendFileSync(path.join(appDir, 'pages', '_app.tsx'), "\nexport function reportWebVitals(metric: { name: string; value: number }) {\n  navigator.sendBeacon?.('/api/vitals', JSON.stringify(metric));\n}\n");
    const build = await buildStratus(log, privateBuildDir(), appDir);
    const running = await build.start(await freePort());
    try {
      const firstLoadOfHome = await firstLoad(running.url, '/');
      const chunks = path.join(build.publicDir, '_app', 'static', 'chunks');
      const chunk = readdirSync(chunks).find((file) => file.startsWith('web-vitals-'));
      if (!chunk) throw new Error('the build of an app exporting reportWebVitals has no web-vitals chunk');
      return { firstLoad: firstLoadOfHome, chunkGzip: gzipSync(readFileSync(path.join(chunks, chunk)), { level: 9 }).length };
    } finally {
      await running.stop();
    }
  } finally {
    rmSync(appDir, { recursive: true, force: true });
  }
}
