/** The HTML document around a rendered page. */
import type { DocumentSlot } from '../../../web/runtime/shared/document';
import type { EmbeddedData } from '../../../web/runtime/shared/page-types';

const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside `<script>`: no `</script>`, `<!--`, or line separators that
 * old parsers treat as line ends, whatever the props contain.
 */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value);
  // Five indexOf scans (~70 ns on a 2 kB page's data) before the regex (~1.2 µs even when nothing matches).
  if (json.indexOf('<') === -1 && json.indexOf('>') === -1 && json.indexOf('&') === -1 && json.indexOf('\u2028') === -1 && json.indexOf('\u2029') === -1) return json;
  return json.replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]!);
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface DocumentParts {
  /** `<html lang>`: the page's locale; undefined in an app without `i18n`, whose `<html>` has no `lang`. */
  lang: string | undefined;
  /** The charset and viewport (the defaults, or the page's own): first in the head. */
  headStart: string;
  /** Rendered `<Head>` markup, the rest of it. */
  head: string;
  /** Rendered page markup. */
  body: string;
  data: EmbeddedData;
  /** Module scripts: the entry first, then the page's chunks (preloaded). */
  entryScripts: readonly string[];
  pageScripts: readonly string[];
  styles: readonly string[];
}

/** Stylesheets, then module preloads of the page's chunks and the entry's imports. */
function headLinksOf(parts: DocumentParts): string {
  const preload = new Set<string>();
  for (const src of [...parts.pageScripts, ...parts.entryScripts.slice(1)]) preload.add(src);
  return (
    parts.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}"/>`).join('') +
    [...preload].map((src) => `<link rel="modulepreload" href="${escapeAttr(src)}"/>`).join('')
  );
}

/** The head's links and the module script, made once per set of asset lists. */
interface AssetMarkup {
  entryScripts: readonly string[];
  styles: readonly string[];
  links: string;
  script: string;
}

/**
 * The asset lists are the manifest's own arrays, the same on every request for a page
 * (page-html.ts), so their markup is kept by the page's list of scripts and made again only
 * when the other two lists differ: a page request skips a Set, the spreads and a regex
 * escape per URL (with the prefix test in render-page.ts, ≈ 12.7k of ≈ 1.03M instructions a
 * `/ssr/1` request in process; docs/BENCHMARKS.md, issue 35).
 */
const assetMarkup = new WeakMap<readonly string[], AssetMarkup>();

function assetsOf(parts: DocumentParts): AssetMarkup {
  const kept = assetMarkup.get(parts.pageScripts);
  if (kept && kept.entryScripts === parts.entryScripts && kept.styles === parts.styles) return kept;
  const made: AssetMarkup = { entryScripts: parts.entryScripts, styles: parts.styles, links: headLinksOf(parts), script: entryScriptOf(parts) };
  assetMarkup.set(parts.pageScripts, made);
  return made;
}

function entryScriptOf(parts: DocumentParts): string {
  const entry = parts.entryScripts[0];
  // `defer` as the pages router writes its scripts (a module script is deferred anyway).
  return entry ? `<script type="module" src="${escapeAttr(entry)}" defer></script>` : '';
}

const headLinks = (parts: DocumentParts) => assetsOf(parts).links;
const entryScript = (parts: DocumentParts) => assetsOf(parts).script;

const DATA_SCRIPT_OPEN = '<script id="__NEXT_DATA__" type="application/json">';
const dataScript = (parts: DocumentParts) => `${DATA_SCRIPT_OPEN}${serializeForScript(parts.data)}</script>`;

/**
 * A stored page's document, told the search a rewrite served it with (`rewriteSearch` of
 * its embedded data): the browser adds that to `router.query` once hydrated, as the pages
 * router does, while the first render matches the stored markup. Unchanged when the
 * document holds no page data.
 *
 * @example
 * withRewriteSearch(storedHtml, 'from=middleware'); // …{"rewriteSearch":"from=middleware","buildId":…
 */
export function withRewriteSearch(html: string, search: string): string {
  const at = html.indexOf(DATA_SCRIPT_OPEN);
  if (at === -1 || html[at + DATA_SCRIPT_OPEN.length] !== '{') return html;
  const from = at + DATA_SCRIPT_OPEN.length + 1;
  return `${html.slice(0, from)}"rewriteSearch":${serializeForScript(search)},${html.slice(from)}`;
}

/** The document Stratus writes when the app has no `_document`. */
export function renderDocument(parts: DocumentParts): string {
  return (
    (parts.lang === undefined ? '<!DOCTYPE html><html><head>' : `<!DOCTYPE html><html lang="${escapeAttr(parts.lang)}"><head>`) +
    parts.headStart +
    parts.head +
    headLinks(parts) +
    entryScript(parts) +
    `</head><body><div id="__next">${parts.body}</div>` +
    dataScript(parts) +
    `</body></html>`
  );
}

/**
 * Stratus's markup for a place of an app's `_document` (`stratus/document`): the same
 * pieces as renderDocument's, with the module script beside the data (`<NextScript>`).
 */
export function documentSlotMarkup(parts: DocumentParts, slot: DocumentSlot, nonce?: string): string | undefined {
  switch (slot) {
    case 'head-start':
      return parts.headStart;
    case 'head-end':
      return parts.head + withNonce(headLinks(parts), nonce);
    case 'main':
      return `<div id="__next">${parts.body}</div>`;
    case 'scripts':
      return withNonce(dataScript(parts) + entryScript(parts), nonce);
    default:
      return undefined;
  }
}

/**
 * A Content-Security-Policy nonce (`<Head nonce>`, `<NextScript nonce>`, attribute-escaped as
 * React wrote it) on each script and link Stratus writes; the page's own `<Head>` tags keep
 * what the app gave them, as in the pages router.
 */
const withNonce = (markup: string, nonce: string | undefined) => (nonce ? markup.replace(/<(script|link)\b/g, `<$1 nonce="${nonce}"`) : markup);
