/**
 * Stacks as `stratus dev` shows them, in the overlay and in the terminal: each frame in the
 * app's own terms (`pages/notes/[id].tsx:19:36`, the function as the source names it), the
 * app's frames told apart from the framework's and React's, and the code around the first
 * of the app's frames.
 *
 * Browser stacks name the dev build's scripts; their maps are in memory (client-build.ts).
 * Server stacks arrive mapped already (lambdas/shared/source-map-stack.ts) and only need
 * parsing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { codeFrameColumns } from '@babel/code-frame';
import { REPO_ROOT } from '../paths';

export interface StackFrame {
  fn: string;
  file: string;
  line: number;
  column: number;
  app: boolean;
}

export interface MappedStack {
  frames: StackFrame[];
  /** The lines around the first app frame. */
  codeFrame?: string;
}

interface RawFrame {
  fn: string;
  location: string;
  line: number;
  column: number;
}

// V8: `    at fn (where:1:2)`, `    at where:1:2`; Firefox and Safari: `fn@where:1:2`.
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** The frames of a stack's text, in order; lines that are not frames (the message) are left out. */
export function parseStack(stack: string): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    frames.push({ fn: (match[1] ?? '').replace(/^async /, '') || '<anonymous>', location: match[2]!, line: Number(match[3]), column: Number(match[4]) });
  }
  return frames;
}

/**
 * A path as a reader wants it: the app's files relative to the app, packages from
 * `node_modules/…`, the framework's files as `stratus/…`. Percent-escapes (esbuild writes
 * `[id]` as `%5Bid%5D` in maps) are undone.
 */
export function readablePath(file: string, appDir: string): string {
  let decoded = file;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    // A lone `%`: the name as it is.
  }
  const absolute = path.resolve(appDir, decoded);
  const modules = absolute.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (modules >= 0) return absolute.slice(modules + 1).split(path.sep).join('/');
  const inApp = path.relative(appDir, absolute);
  if (!inApp.startsWith('..') && !path.isAbsolute(inApp)) return inApp.split(path.sep).join('/');
  const inFramework = path.relative(REPO_ROOT, absolute);
  if (!inFramework.startsWith('..') && !path.isAbsolute(inFramework)) return `stratus/${inFramework.split(path.sep).join('/')}`;
  return decoded;
}

/** Whether a readable path is one of the app's own files. */
export const isAppFile = (file: string) => !file.startsWith('node_modules/') && !file.startsWith('stratus/') && !path.isAbsolute(file) && !/^[a-z]+:/.test(file);

/** The code around `line`, with the line and column marked; undefined without the source. */
export function codeFrame(source: string | undefined, line: number, column: number): string | undefined {
  if (source === undefined) return undefined;
  return codeFrameColumns(source, { start: { line, column } }, { highlightCode: false, linesAbove: 3, linesBelow: 3 });
}

/** A generated script and its map, as the dev build holds them. */
export interface ScriptWithMap {
  /** The script's path on disk (as esbuild names its output), which the map's sources are relative to. */
  path: string;
  map: string;
}

/**
 * Maps a browser stack. `script` finds a script (and its map) by the URL's path; frames of
 * other scripts stay as they are.
 */
export function mapBrowserStack(stack: string, appDir: string, script: (urlPath: string) => ScriptWithMap | undefined): MappedStack {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const mapOf = (urlPath: string) => {
    if (!maps.has(urlPath)) {
      const found = script(urlPath);
      let parsed: { map: SourceMap; dir: string } | null = null;
      try {
        if (found) parsed = { map: new SourceMap(JSON.parse(found.map)), dir: path.dirname(found.path) };
      } catch {
        // An unreadable map: the frame stays as it is.
      }
      maps.set(urlPath, parsed);
    }
    return maps.get(urlPath);
  };
  let code: string | undefined;
  const frames = parseStack(stack).map((raw): StackFrame => {
    let urlPath = raw.location;
    try {
      urlPath = new URL(raw.location).pathname;
    } catch {
      // Not a URL: a path already.
    }
    const found = mapOf(urlPath);
    const entry = found?.map.findEntry(raw.line - 1, raw.column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (!found || !entry?.originalSource || entry.originalLine === undefined) {
      return { fn: raw.fn, file: raw.location, line: raw.line, column: raw.column, app: false };
    }
    const file = readablePath(path.resolve(found.dir, entry.originalSource), appDir);
    const frame = { fn: raw.fn, file, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1, app: isAppFile(file) };
    if (frame.app && code === undefined) {
      const payload = found.map.payload as { sources: string[]; sourcesContent?: (string | null)[] };
      const index = payload.sources.indexOf(entry.originalSource);
      code = codeFrame(payload.sourcesContent?.[index] ?? undefined, frame.line, frame.column);
    }
    return frame;
  });
  return { frames, ...(code ? { codeFrame: code } : {}) };
}

/** Parses a server stack mapped already (`at Home (pages/index.tsx:3:9)`); the code frame comes from the app's file. */
export function parseServerStack(stack: string, appDir: string): MappedStack {
  const frames = parseStack(stack).map((raw): StackFrame => {
    const file = readablePath(raw.location, appDir);
    return { fn: raw.fn, file, line: raw.line, column: raw.column, app: isAppFile(file) && existsSync(path.join(appDir, file)) };
  });
  const first = frames.find((frame) => frame.app);
  let code: string | undefined;
  if (first) {
    try {
      code = codeFrame(readFileSync(path.join(appDir, first.file), 'utf8'), first.line, first.column);
    } catch {
      // Gone since: no code frame.
    }
  }
  return { frames, ...(code ? { codeFrame: code } : {}) };
}

/**
 * A stack for the terminal: the message, the app's frames as they come, and each run of the
 * framework's or React's frames folded into one line.
 */
export function formatStack(message: string, frames: StackFrame[]): string {
  const lines = [message];
  for (let i = 0; i < frames.length; ) {
    const frame = frames[i]!;
    if (frame.app) {
      lines.push(`    at ${frame.fn} (${frame.file}:${frame.line}:${frame.column})`);
      i++;
      continue;
    }
    let end = i;
    while (end < frames.length && !frames[end]!.app) end++;
    const packages = [...new Set(frames.slice(i, end).map((f) => (f.file.startsWith('node_modules/') ? f.file.split('/').slice(1, f.file.split('/')[1]!.startsWith('@') ? 3 : 2).join('/') : f.file.startsWith('stratus/') ? 'stratus' : 'node')))];
    lines.push(end - i === 1 ? `    at ${frame.fn} (${frame.file}:${frame.line}:${frame.column})` : `    … ${end - i} frames of ${packages.join(', ')}`);
    i = end;
  }
  return lines.join('\n');
}
