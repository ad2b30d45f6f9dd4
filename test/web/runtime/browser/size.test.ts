/**
 * The byte budget of the client runtime: what it adds to React + React DOM on every first
 * load (measured as the build summary does), and the benchmark app's first load of `/`
 * beyond React, as `npm run bench -- --rows size` measures it (issue 15: under 8 kB gzip).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from '../../../../cli/builder/build';
import { measureRuntime } from '../../../../cli/builder/steps/summarize';
import { STRATUS_APP } from '../../../../bench/src/apps';
import { reactBaseline } from '../../../../bench/src/rows/size';

// 8 kB until 2026-11-24, 9 kB when per-page stylesheets, the routing layer's browser half
// and the app's _error page for exceptions in the browser came in (8.6 kB); 7.6 kB once
// error pages, page stylesheets and the announcer were loaded on demand, and the setters of
// settings left at their defaults left out of the entry; 5.3 kB once the client router (navigator,
// history, page and data loaders) became a chunk loaded beside hydration (client-router.ts). The
// budget stays where it was: the room is for what the pages router's behaviour still needs.
const BUDGET_GZIP = 7.8 * 1024;

test(`the runtime's own share stays under ${BUDGET_GZIP / 1024} kB gzip`, () => {
  const { runtime } = measureRuntime();
  expect(runtime.gzip).toBeGreaterThan(1000);
  expect(runtime.gzip).toBeLessThan(BUDGET_GZIP);
  expect(runtime.brotli).toBeLessThan(runtime.gzip);
});

test("the benchmark app's first load of / stays under 8 kB gzip beyond React, in three scripts", async () => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-size-'));
  try {
    const { manifest } = await build({ appDir: STRATUS_APP, outDir, imageLambda: false, log: () => undefined });
    const scripts = new Set([...manifest.entryScripts, ...manifest.routes.find((r) => r.pattern === '/')!.scripts]);
    let gzip = 0;
    for (const url of scripts) gzip += gzipSync(readFileSync(path.join(outDir, 'assets', url)), { level: 9 }).length;
    const beyondReact = gzip - (await reactBaseline()).gzip;
    expect(scripts.size).toBe(3);
    expect(beyondReact).toBeLessThan(8 * 1024);
    // The client router (navigator, history, page and data loaders) is a chunk hydration does not wait for.
    const firstLoad = [...scripts].map((url) => readFileSync(path.join(outDir, 'assets', url), 'utf8')).join('\n');
    expect(firstLoad).not.toContain('Route did not load within');
    const chunks = path.join(outDir, 'assets', path.dirname(manifest.entryScripts[0]!));
    const routerChunk = readdirSync(chunks).find((name) => name.startsWith('client-router-'));
    expect(readFileSync(path.join(chunks, routerChunk!), 'utf8')).toContain('Route did not load within');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
