/**
 * Error stacks in the source's own terms. The server bundles are minified, so a raw stack
 * says `at Of (app.js:41:23775)`; the build writes `app.js.map` beside the bundle with
 * sources named from the app (`pages/blog/[slug].tsx`). Node's `--enable-source-maps` would
 * parse that map at every cold start (~12 ms for the render bundle), so it is read here
 * instead, the first time an error is logged, and only frames of files with a map are
 * rewritten: the position to the source's file, line and column, and a minified function
 * name to the one the source gives it (the map records it where the function is declared).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { SourceMap } from 'node:module';
import { nodeModule } from './node-builtins';

interface Mapped {
  map: SourceMap;
  /** The bundle's lines, read when a function name is looked up. */
  lines?: string[];
}

const maps = new Map<string, Mapped | null>();

function mapOf(file: string): Mapped | null {
  let mapped = maps.get(file);
  if (mapped === undefined) {
    mapped = null;
    try {
      if (existsSync(`${file}.map`)) mapped = { map: new (nodeModule().SourceMap)(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) };
    } catch {
      // An unreadable map leaves the frame as it is.
    }
    maps.set(file, mapped);
  }
  return mapped;
}

interface Entry {
  originalSource?: string;
  originalLine?: number;
  originalColumn?: number;
  name?: string;
}

const FRAME = /((?:\/|[A-Za-z]:\\)[^():\s]+\.c?js):(\d+):(\d+)/g;
/** `    at name (file:line:column)`, the frame form that names a function. */
const NAMED_FRAME = /^(\s*at (?:async )?)([\w$.<>]+) \(((?:\/|[A-Za-z]:\\)[^():\s]+\.c?js):(\d+):(\d+)\)$/;
const escapeRegExp = (text: string) => text.replace(/[$.*+?()[\]{}|\\^]/g, '\\$&');

/**
 * The source's name of the function called `name` in the bundle whose code runs at
 * `line`:`column`: its nearest declaration before that point (`function Of(`, `Of=(…)=>`,
 * `class Of`), looked up in the map. Undefined when none is found or the map names none.
 */
function sourceName(file: string, mapped: Mapped, name: string, line: number, column: number): string | undefined {
  const last = name.split('.').pop()!;
  if (!/^[A-Za-z_$][\w$]*$/.test(last)) return undefined;
  try {
    mapped.lines ??= readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const before = mapped.lines[line - 1]?.slice(0, column - 1);
  if (!before) return undefined;
  const id = escapeRegExp(last);
  const declaration = new RegExp(`(?:function\\*?\\s*(${id})\\s*\\(|(?:^|[^\\w$.])(${id})\\s*=\\s*(?:async\\s*)?(?:function\\b|\\(|[\\w$]+\\s*=>)|class\\s+(${id})\\b)`, 'g');
  let at = -1;
  for (let match = declaration.exec(before); match; match = declaration.exec(before)) {
    at = match.index + match[0].indexOf(last, match[0].startsWith(last) ? 0 : 1);
  }
  if (at < 0) return undefined;
  const entry = mapped.map.findEntry(line - 1, at) as Entry | undefined;
  return entry?.name && entry.name !== last ? entry.name : undefined;
}

function position(whole: string, file: string, line: string, column: string): string {
  const mapped = mapOf(file);
  const entry = mapped?.map.findEntry(Number(line) - 1, Number(column) - 1) as Entry | undefined;
  if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return whole;
  return `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}

/** Rewrites `at Of (…/app.js:1:2345)` frames of a stack to `at NotePage (pages/x.tsx:12:5)` where a map says so. */
export function sourceMappedStack(stack: string): string {
  return stack
    .split('\n')
    .map((text) => {
      const named = NAMED_FRAME.exec(text);
      if (named) {
        const [, prefix, name, file, line, column] = named as unknown as [string, string, string, string, string, string];
        const mapped = mapOf(file);
        const original = mapped ? sourceName(file, mapped, name, Number(line), Number(column)) : undefined;
        return `${prefix}${original ?? name} (${position(`${file}:${line}:${column}`, file, line, column)})`;
      }
      return text.replace(FRAME, position);
    })
    .join('\n');
}
