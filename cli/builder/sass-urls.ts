/**
 * A relative `url()` written in a Sass partial (`styles/icons/_set.scss` with
 * `url(./dot.png)`) names a file beside the partial, as the pages router resolves it (its
 * loaders rebase such URLs); Sass copies it unchanged into the CSS of the file that imports
 * the partial, where it would resolve from the wrong folder. Sass's source map says which
 * file each part of the CSS was written in, so each relative URL is rewritten relative to
 * the compiled file.
 *
 * @example
 * rebaseUrls(result.css, result.sourceMap, '/app/styles/global.scss');
 * // '.bg{background:url(./dot.png)}' from styles/sub/_partial.scss → '.bg{background:url(sub/dot.png)}'
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode } from '@jridgewell/sourcemap-codec';

/** What Stratus reads of a source map (version 3). */
export interface SourceMapLike {
  sources: string[];
  mappings: string;
}

/** Per generated line, its segments as [generated column, source index] (the rest of each segment is not needed). */
function decodeSources(mappings: string): Array<Array<[number, number]>> {
  return decode(mappings).map((segments) => segments.filter((segment) => segment.length >= 4).map((segment) => [segment[0], segment[1]!] as [number, number]));
}

/** The source file of the CSS at a generated position: the last mapping at or before it. */
function sourceAt(lines: Array<Array<[number, number]>>, line: number, column: number): number | undefined {
  for (let at = Math.min(line, lines.length - 1); at >= 0; at--) {
    const segments = lines[at]!;
    for (let i = segments.length - 1; i >= 0; i--) if (at < line || segments[i]![0] <= column) return segments[i]![1];
  }
  return undefined;
}

const URL_TOKEN = /url\(\s*(['"]?)([^'")\s]+)\1\s*\)/g;
/** Left as written: absolute and root-relative URLs, fragments (SVG filters), data and other schemes, Sass interpolation. */
const NOT_RELATIVE = /^(?:[a-z][a-z0-9+.-]*:|\/|#|~)|#\{/i;

export function rebaseUrls(css: string, map: SourceMapLike, file: string): string {
  if (!css.includes('url(')) return css;
  const lines = decodeSources(map.mappings);
  const fileDir = path.dirname(file);
  const lineStarts = [0];
  for (let i = css.indexOf('\n'); i >= 0; i = css.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return css.replace(URL_TOKEN, (token: string, quote: string, target: string, offset: number) => {
    if (NOT_RELATIVE.test(target)) return token;
    let line = lineStarts.length - 1;
    while (lineStarts[line]! > offset) line--;
    const index = sourceAt(lines, line, offset - lineStarts[line]!);
    const source = index === undefined ? undefined : map.sources[index];
    if (!source?.startsWith('file:')) return token;
    const sourceDir = path.dirname(fileURLToPath(source));
    if (sourceDir === fileDir) return token;
    const cut = target.search(/[?#]/);
    const [pathPart, suffix] = cut < 0 ? [target, ''] : [target.slice(0, cut), target.slice(cut)];
    let rebased = path.relative(fileDir, path.resolve(sourceDir, pathPart)).split(path.sep).join('/');
    if (!rebased.startsWith('.')) rebased = `./${rebased}`;
    return `url(${quote}${rebased}${suffix}${quote})`;
  });
}
