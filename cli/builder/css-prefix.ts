/**
 * Cutting a leading part off a built stylesheet, with its source map kept true. The client
 * build gives each page's stylesheet `_app`'s CSS first (page entries import `_app`, see
 * bundle-client.ts); that part is linked on every page already, so it is cut off.
 *
 * @example
 * const own = withoutPrefix(pageCss, appCss); // undefined when pageCss does not start with appCss
 * map.mappings = cutMappings(map.mappings, pageCss, appCss.length);
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One segment's VLQ fields (deltas, as the map stores them). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(n: number): string {
  let vlq = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = vlq & 31;
    vlq >>>= 5;
    if (vlq > 0) digit |= 32;
    out += BASE64[digit];
  } while (vlq > 0);
  return out;
}

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
  // Absolute values: [column, source, line, column, name?], per generated line.
  const state = [0, 0, 0, 0];
  const lines = mappings.split(';').map((line, index) => {
    let column = 0;
    const kept: number[][] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0]!;
      const absolute = [column];
      for (let i = 1; i < fields.length; i++) absolute.push((state[i - 1]! += fields[i]!));
      if (index < cutLine || (index === cutLine && column < cutColumn)) continue;
      if (index === cutLine) absolute[0]! -= cutColumn;
      kept.push(absolute);
    }
    return kept;
  });
  const last = [0, 0, 0, 0];
  return lines
    .slice(cutLine)
    .map((segments) => {
      let column = 0;
      return segments
        .map((absolute) => {
          let text = encodeValue(absolute[0]! - column);
          column = absolute[0]!;
          for (let i = 1; i < absolute.length; i++) {
            text += encodeValue(absolute[i]! - last[i - 1]!);
            last[i - 1] = absolute[i]!;
          }
          return text;
        })
        .join(',');
    })
    .join(';');
}
