/**
 * Cutting a leading part off a built stylesheet, with its source map kept true. The client
 * build gives each page's stylesheet `_app`'s CSS first (page entries import `_app`, see
 * bundle-client.ts); that part is linked on every page already, so it is cut off.
 *
 * @example
 * const own = withoutPrefix(pageCss, appCss); // undefined when pageCss does not start with appCss
 * map.mappings = cutMappings(map.mappings, pageCss, appCss.length);
 */

import { decode, encode } from '@jridgewell/sourcemap-codec';

/**
 * The text after `prefix` (a stylesheet's trailing newline is not part of a prefix), or
 * undefined when `css` does not start with it.
 */
export function withoutPrefix(css: string, prefix: string): string | undefined {
  const head = prefix.endsWith('\n') ? prefix.slice(0, -1) : prefix;
  return css.startsWith(head) ? css.slice(head.length) : undefined;
}

/**
 * A map's `mappings` for the text `generated.slice(cut)`: segments before the cut dropped,
 * the rest moved up (lines) or left (columns on the cut's line).
 */
export function cutMappings(mappings: string, generated: string, cut: number): string {
  const before = generated.slice(0, cut);
  const cutLine = before.split('\n').length - 1;
  const cutColumn = cut - (before.lastIndexOf('\n') + 1);
  // Decoded segments hold absolute values: [column, source, line, column, name?].
  const lines = decode(mappings).slice(cutLine);
  if (lines.length > 0) lines[0] = lines[0]!.filter((segment) => segment[0] >= cutColumn).map((segment) => [segment[0] - cutColumn, ...segment.slice(1)] as typeof segment);
  return encode(lines);
}
