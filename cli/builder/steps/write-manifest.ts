/**
 * Build step: the manifest, written once at the end. The build folder's `manifest.json`
 * lists every prerendered page under its route (tools and the local server read it); the
 * lists are kept on disk while pages are prerendered and spliced in as the file is written,
 * so a site of 100,000 pages never holds them in memory. The functions' copies have no
 * lists: a cold start reads routes only, whatever the number of pages.
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Manifest, PrerenderedPage } from '../../../contract/manifest';

/** Lines buffered per route before they are written out. */
const FLUSH_BYTES = 64 * 1024;
const READ_BYTES = 1024 * 1024;

/**
 * Each route's prerendered pages as JSON lines in a folder of their own.
 *
 * @example
 * const lists = new PageLists(path.join(outDir, '.page-lists'));
 * lists.add(0, { path: '/a', locale: 'en', revalidate: false });
 * lists.writeManifest(path.join(outDir, 'manifest.json'), manifest);
 * lists.remove();
 */
export class PageLists {
  private readonly pending = new Map<number, string[]>();
  private readonly sizes = new Map<number, number>();
  private readonly written = new Set<number>();

  constructor(private readonly dir: string) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }

  add(routeIndex: number, page: PrerenderedPage): void {
    const line = JSON.stringify(page);
    let lines = this.pending.get(routeIndex);
    if (!lines) this.pending.set(routeIndex, (lines = []));
    lines.push(line);
    const size = (this.sizes.get(routeIndex) ?? 0) + line.length + 1;
    this.sizes.set(routeIndex, size);
    if (size >= FLUSH_BYTES) this.flush(routeIndex);
  }

  private fileOf(routeIndex: number): string {
    return path.join(this.dir, `${routeIndex}.jsonl`);
  }

  private flush(routeIndex: number): void {
    const lines = this.pending.get(routeIndex);
    if (!lines || lines.length === 0) return;
    const fd = openSync(this.fileOf(routeIndex), 'a');
    try {
      writeSync(fd, lines.join('\n') + '\n');
    } finally {
      closeSync(fd);
    }
    this.written.add(routeIndex);
    this.pending.set(routeIndex, []);
    this.sizes.set(routeIndex, 0);
  }

  /**
   * Writes `manifest` (whose routes' `prerendered` lists are empty) to `file` with each route's
   * list read back from disk, a block at a time.
   */
  writeManifest(file: string, manifest: Manifest): void {
    for (const routeIndex of this.pending.keys()) this.flush(routeIndex);
    const placeholder = (index: number) => `\u0000prerendered:${index}\u0000`;
    const text = JSON.stringify({ ...manifest, routes: manifest.routes.map((route, index) => ({ ...route, prerendered: placeholder(index) })) }, null, 2);
    const out = openSync(file, 'w');
    try {
      const parts = text.split(/"\\u0000prerendered:(\d+)\\u0000"/);
      for (let i = 0; i < parts.length; i++) {
        if (i % 2 === 0) writeSync(out, parts[i]!);
        else this.copyList(Number(parts[i]), out);
      }
    } finally {
      closeSync(out);
    }
  }

  /** One route's list as a JSON array: its lines joined by commas. */
  private copyList(routeIndex: number, out: number): void {
    writeSync(out, '[');
    if (this.written.has(routeIndex)) {
      const input = openSync(this.fileOf(routeIndex), 'r');
      const buffer = Buffer.alloc(READ_BYTES);
      let first = true;
      let carry = '';
      // A block may end inside a character: the decoder keeps its first bytes for the next.
      const decoder = new StringDecoder('utf8');
      try {
        for (let read = readSync(input, buffer); read > 0; read = readSync(input, buffer)) {
          const lines = (carry + decoder.write(buffer.subarray(0, read))).split('\n');
          carry = lines.pop()!;
          if (lines.length === 0) continue;
          writeSync(out, (first ? '' : ',') + lines.join(','));
          first = false;
        }
      } finally {
        closeSync(input);
      }
    }
    writeSync(out, ']');
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The functions' copy of the manifest: routes with no page lists (pages are looked up when asked for). */
export function writeFunctionManifest(file: string, manifest: Manifest): void {
  writeFileSync(file, JSON.stringify({ ...manifest, routes: manifest.routes.map((route) => ({ ...route, prerendered: [] })) }));
}
