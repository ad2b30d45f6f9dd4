/**
 * What `<Head>` children become, deduplicated as the pages router does, the last one
 * winning: by `key`; `title` and `base`, one each; `meta` by `charSet`, `httpEquiv`,
 * `itemProp`, and `name` unless the tag has a key. Tags that share only a `property`
 * (`og:image` twice) all stay. The document's charset and viewport are defaults the page
 * may replace with its own.
 */
import { Children, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';

export type HeadElement = ReactElement<Record<string, unknown>>;

const ALLOWED = new Set(['title', 'meta', 'link', 'style', 'script', 'base', 'noscript']);

/** Flattens `<Head>` children (fragments included) into head elements. */
export function flattenHead(children: ReactNode): HeadElement[] {
  const out: HeadElement[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const element = child as HeadElement;
    if (typeof element.type === 'string' && ALLOWED.has(element.type)) out.push(element);
    else if (element.props && 'children' in element.props) out.push(...flattenHead(element.props.children as ReactNode));
  });
  return out;
}

/** What a head element is deduplicated by (a later element with any of them replaces it); none for most. */
export function headKeys(element: HeadElement): string[] {
  const props = element.props;
  const keys: string[] = [];
  const hasKey = element.key != null;
  if (hasKey) keys.push(`key:${String(element.key).replace(/^\.\$/, '')}`);
  if (element.type === 'title' || element.type === 'base') keys.push(element.type);
  if (element.type === 'meta') {
    if (props.charSet !== undefined) keys.push('meta:charset');
    for (const attr of hasKey ? ['httpEquiv', 'itemProp'] : ['name', 'httpEquiv', 'itemProp']) {
      if (typeof props[attr] === 'string') keys.push(`meta:${attr}:${props[attr] as string}`);
    }
  }
  return keys;
}

/** The charset and viewport every document starts with, unless a `<Head>` gives its own. */
export const DEFAULT_HEAD: readonly HeadElement[] = [
  createElement('meta', { charSet: 'utf-8' }) as HeadElement,
  createElement('meta', { name: 'viewport', content: 'width=device-width' }) as HeadElement,
];

/**
 * Merges several `<Head>` instances in mount order, after the defaults; a later element
 * takes the place of the earlier ones it shares a key with.
 */
export function mergeHead(instances: readonly HeadElement[][]): HeadElement[] {
  const result: { element: HeadElement; keys: string[] }[] = [];
  const shares = (keys: string[]) => (entry: { keys: string[] }) => entry.keys.some((key) => keys.includes(key));
  for (const elements of [DEFAULT_HEAD, ...instances]) {
    for (const element of elements) {
      const keys = headKeys(element);
      // The later one wins and keeps its own place (a page's title after `_app`'s tags), as in the pages router.
      if (keys.length > 0) for (let i = result.length - 1; i >= 0; i--) if (shares(keys)(result[i]!)) result.splice(i, 1);
      result.push({ element, keys });
    }
  }
  return result.map((entry) => entry.element);
}
