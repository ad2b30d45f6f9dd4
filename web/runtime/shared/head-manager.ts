/**
 * What `<Head>` children become: deduplicated by `key`, then by `name`/`property`/`charSet`,
 * the last one winning, as users of the pages router expect.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';

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

/** The identity of a head element for deduplication, or null if it never dedupes. */
export function headKey(element: HeadElement): string | null {
  const props = element.props;
  if (element.key != null) return `key:${String(element.key).replace(/^\.\$/, '')}`;
  if (element.type === 'title' || element.type === 'base') return element.type;
  if (element.type === 'meta') {
    if (props.charSet !== undefined) return 'meta:charset';
    for (const attr of ['name', 'property', 'httpEquiv', 'itemProp']) {
      if (typeof props[attr] === 'string') return `meta:${attr}:${props[attr] as string}`;
    }
  }
  return null;
}

/** Merges several `<Head>` instances in mount order; later ones replace earlier ones with the same key. */
export function mergeHead(instances: readonly HeadElement[][]): HeadElement[] {
  const result: HeadElement[] = [];
  const index = new Map<string, number>();
  for (const elements of instances) {
    for (const element of elements) {
      const key = headKey(element);
      if (key !== null && index.has(key)) {
        result[index.get(key)!] = element;
      } else {
        if (key !== null) index.set(key, result.length);
        result.push(element);
      }
    }
  }
  return result;
}
