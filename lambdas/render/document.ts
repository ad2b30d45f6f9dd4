/** The HTML document around a rendered page. */
import type { EmbeddedData } from '../../web/runtime/shared/page-types';

const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside `<script>`: no `</script>`, `<!--`, or line separators that
 * old parsers treat as line ends, whatever the props contain.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]!);
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface DocumentParts {
  lang: string;
  /** Rendered `<Head>` markup. */
  head: string;
  /** Rendered page markup. */
  body: string;
  data: EmbeddedData;
  /** Module scripts: the entry first, then the page's chunks (preloaded). */
  entryScripts: readonly string[];
  pageScripts: readonly string[];
  styles: readonly string[];
}

export function renderDocument(parts: DocumentParts): string {
  const preload = new Set<string>();
  for (const src of [...parts.pageScripts, ...parts.entryScripts.slice(1)]) preload.add(src);
  const entry = parts.entryScripts[0];
  return (
    `<!DOCTYPE html><html lang="${escapeAttr(parts.lang)}"><head><meta charSet="utf-8"/>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"/>` +
    parts.head +
    parts.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}"/>`).join('') +
    [...preload].map((src) => `<link rel="modulepreload" href="${escapeAttr(src)}"/>`).join('') +
    (entry ? `<script type="module" src="${escapeAttr(entry)}"></script>` : '') +
    `</head><body><div id="__stratus">${parts.body}</div>` +
    `<script id="__STRATUS_DATA__" type="application/json">${serializeForScript(parts.data)}</script>` +
    `</body></html>`
  );
}
