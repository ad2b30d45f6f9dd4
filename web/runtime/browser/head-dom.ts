/**
 * `<Head>` in the browser: merges every mounted `<Head>` (deduplicated by key, then
 * name/property, as on the server) and applies the result to `document.head`. The tags
 * the server rendered are adopted on the first flush (equal nodes are kept, not replaced),
 * so hydration does not flash or duplicate them.
 */
import type { HeadManager } from '../shared/head';
import { mergeHead, type HeadElement } from '../shared/head-manager';

/** React prop names whose HTML attribute is not simply the lower-cased name. */
const ATTRIBUTES: Record<string, string> = { className: 'class', htmlFor: 'for', httpEquiv: 'http-equiv', acceptCharset: 'accept-charset' };

function textOf(children: unknown): string {
  if (children == null || typeof children === 'boolean') return '';
  return Array.isArray(children) ? children.map(textOf).join('') : String(children);
}

function toNode(doc: Document, element: HeadElement): Element {
  const node = doc.createElement(element.type as string);
  const props = element.props;
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'dangerouslySetInnerHTML' || value == null || value === false) continue;
    const attribute = ATTRIBUTES[name] ?? (/^(data|aria)-/.test(name) ? name : name.toLowerCase());
    node.setAttribute(attribute, value === true ? '' : String(value));
  }
  const html = (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html;
  if (html !== undefined) node.innerHTML = html;
  else if (props.children != null) node.textContent = textOf(props.children);
  return node;
}

export interface DomHeadManager extends HeadManager {
  /** Applies pending changes now (the router calls it when a page has rendered). */
  flush(): void;
  /** The title used when no `<Head>` sets one (error pages). */
  setDefaultTitle(title: string | undefined): void;
}

export function createDomHead(doc: Document = document): DomHeadManager {
  const instances = new Map<string, HeadElement[]>();
  /** Nodes this manager put (or adopted) in the head; null until the first flush. */
  let owned: Element[] | null = null;
  let scheduled = false;
  let defaultTitle: string | undefined;

  function flush(): void {
    scheduled = false;
    const elements = mergeHead([...instances.values()]);
    // No <title> from any <Head> (nor an error page's default) is an empty title, as in the
    // pages router: a page without one does not keep the last page's.
    let title = defaultTitle ?? '';
    const wanted: Element[] = [];
    for (const element of elements) {
      if (element.type === 'title') title = textOf(element.props.children);
      else wanted.push(toNode(doc, element));
    }
    if (doc.title !== title) doc.title = title;
    // First flush: the server's tags are the candidates; afterwards only our own tags are.
    const candidates = owned ?? [...doc.head.children];
    const next: Element[] = [];
    const kept = new Set<Element>();
    for (const node of wanted) {
      const existing = candidates.find((candidate) => !kept.has(candidate) && candidate.isEqualNode(node));
      if (existing) {
        kept.add(existing);
        next.push(existing);
      } else {
        doc.head.appendChild(node);
        next.push(node);
      }
    }
    if (owned) for (const node of owned) if (!kept.has(node)) node.remove();
    owned = next;
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => scheduled && flush());
  }

  return {
    update(id, elements) {
      instances.set(id, elements);
      schedule();
    },
    remove(id) {
      instances.delete(id);
      schedule();
    },
    flush,
    setDefaultTitle(title) {
      defaultTitle = title;
    },
  };
}
