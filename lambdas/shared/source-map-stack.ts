/**
 * Error stacks in the source's own terms. The server bundles are minified, so a raw stack
 * says `index.js:41:23775`; the build writes `index.js.map` beside the bundle with sources
 * named from the app (`pages/blog/[slug].tsx`). Node's `--enable-source-maps` would parse
 * that map at every cold start (~12 ms for the render bundle), so it is read here instead,
 * the first time an error is logged, and only frames of files with a map are rewritten.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { SourceMap } from 'node:module';
import { nodeModule } from './node-builtins';

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    try {
      if (existsSync(`${file}.map`)) map = new (nodeModule().SourceMap)(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      // An unreadable map leaves the frame as it is.
    }
    maps.set(file, map);
  }
  return map;
}

const FRAME = /((?:\/|[A-Za-z]:\\)[^():\s]+\.c?js):(\d+):(\d+)/g;

/** Rewrites `…/index.js:1:2345` positions of a stack to `pages/x.tsx:12:5` where a map says so. */
export function sourceMappedStack(stack: string): string {
  return stack.replace(FRAME, (whole, file: string, line: string, column: string) => {
    const map = mapOf(file);
    const entry = map?.findEntry(Number(line) - 1, Number(column) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return whole;
    return `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
