/**
 * `<Head>` elements as HTML. Titles, meta, link and base tags with plain attribute values
 * (nearly every head) are written directly, the way React writes them; anything else goes
 * through `renderToStaticMarkup`. A second React render per page cost ~20 µs of the
 * render core's time (bench/: render-core row).
 */
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_HEAD, type HeadElement } from '../../../web/runtime/shared/head-manager';

const DIRECT_TAGS = new Set(['title', 'meta', 'link', 'base']);
/**
 * Attributes written directly, with the name React gives them (test/lambdas/render/
 * head-markup.test.tsx checks each against React); `data-*` keep theirs too. Any other
 * attribute sends the element through React.
 */
const ATTRIBUTE_NAMES: Record<string, string> = {
  name: 'name', content: 'content', property: 'property', itemProp: 'itemProp', charSet: 'charSet', httpEquiv: 'http-equiv',
  rel: 'rel', href: 'href', as: 'as', type: 'type', sizes: 'sizes', media: 'media', title: 'title', id: 'id', color: 'color',
  className: 'class', target: 'target', imageSrcSet: 'imageSrcSet', imageSizes: 'imageSizes', fetchPriority: 'fetchPriority',
};
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}

function titleText(children: unknown): string | null {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children) && children.every((c) => typeof c === 'string' || typeof c === 'number')) return children.join('');
  return null;
}

/** The element's markup written directly, or null when React should write it. */
function directMarkup(element: HeadElement): string | null {
  const type = element.type as string;
  if (!DIRECT_TAGS.has(type)) return null;
  let attributes = '';
  for (const name in element.props) {
    if (name === 'children') continue;
    const value = element.props[name];
    if (value === undefined || value === null) continue;
    const attribute = ATTRIBUTE_NAMES[name] ?? (name.startsWith('data-') ? name : undefined);
    if (attribute === undefined || (typeof value !== 'string' && typeof value !== 'number')) return null;
    attributes += ` ${attribute}="${escapeHtml(String(value))}"`;
  }
  if (type !== 'title') return element.props.children === undefined || element.props.children === null ? `<${type}${attributes}/>` : null;
  const text = titleText(element.props.children);
  return text === null ? null : `<title${attributes}>${escapeHtml(text)}</title>`;
}

function markupOf(element: HeadElement): string {
  return directMarkup(element) ?? renderToStaticMarkup(createElement(Fragment, null, element));
}

/** The defaults every document starts with (the same elements on every request), written once. */
const DEFAULT_MARKUP = new Map(DEFAULT_HEAD.map((element) => [element, markupOf(element)]));

export function headMarkup(elements: readonly HeadElement[]): string {
  let out = '';
  for (const element of elements) out += DEFAULT_MARKUP.get(element) ?? markupOf(element);
  return out;
}
