/**
 * `stratus/script` (also `next/script`): third-party and inline scripts, loaded when the
 * page can afford them.
 *
 * @example
 * import Script from 'stratus/script';
 * <Script src="https://example.com/widget.js" strategy="lazyOnload" onLoad={() => widget.start()} />
 * <Script id="consent" strategy="afterInteractive">{`window.consent = 'pending';`}</Script>
 *
 * Strategies: `beforeInteractive` is written into the document head by the server and runs
 * before the page hydrates (in `pages/_document`, written where it stands); `afterInteractive`
 * (the default) is added right after hydration; `lazyOnload` once the page has loaded and
 * the browser is idle. A script with the same `id` (or `src`) is added once per page load,
 * however often it renders. Each carries `data-nscript` with its strategy, as Next's do
 * (tests and libraries look for `script[data-nscript="beforeInteractive"]`).
 */
import { createElement, useContext, useEffect, useRef, type ScriptHTMLAttributes } from 'react';
import Head, { HeadManagerContext } from './head';

export interface ScriptProps extends Omit<ScriptHTMLAttributes<HTMLScriptElement>, 'onLoad' | 'onError'> {
  /** @default 'afterInteractive' */
  strategy?: 'beforeInteractive' | 'afterInteractive' | 'lazyOnload' | 'worker';
  /** Names the script, so it is added once (needed for inline scripts). */
  id?: string;
  /** After the script first loads. */
  onLoad?: (event: Event) => void;
  /** After it loads, and on every later mount of the component once it has. */
  onReady?: () => void;
  onError?: (event: Event | string) => void;
  /** Inline code. */
  children?: string;
  dangerouslySetInnerHTML?: { __html: string };
}

/** Scripts added in this page load, by id or src: loaded or still loading. */
const added = new Map<string, { loaded: boolean; element?: HTMLScriptElement }>();

function inlineCode(props: ScriptProps): string | undefined {
  return props.dangerouslySetInnerHTML?.__html ?? (typeof props.children === 'string' ? props.children : undefined);
}

function addScript(props: ScriptProps, key: string, onReady: () => void): void {
  const { src, strategy = 'afterInteractive', onLoad, onReady: _onReady, onError, children: _children, dangerouslySetInnerHTML: _html, ...attributes } = props;
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false || typeof value === 'function') continue;
    element.setAttribute(name === 'className' ? 'class' : name === 'htmlFor' ? 'for' : name, value === true ? '' : String(value));
  }
  element.setAttribute('data-nscript', strategy);
  const entry = { loaded: false, element };
  added.set(key, entry);
  const code = inlineCode(props);
  if (code !== undefined) {
    element.text = code;
    document.body.appendChild(element);
    entry.loaded = true;
    onReady();
    return;
  }
  element.addEventListener('load', (event) => {
    entry.loaded = true;
    onLoad?.(event);
    onReady();
  });
  element.addEventListener('error', (event) => {
    // Remembered as added, as the pages router does: a later mount neither adds it again nor calls onError again.
    onError?.(event);
  });
  element.src = src!;
  document.body.appendChild(element);
}

function whenIdle(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

export default function Script(props: ScriptProps) {
  const { strategy = 'afterInteractive', id, src } = props;
  const latest = useRef(props);
  latest.current = props;
  // The page tree's head collector; none while the server renders `pages/_document`.
  const headManager = useContext(HeadManagerContext);

  useEffect(() => {
    if (strategy === 'beforeInteractive') return;
    const key = id ?? src;
    if (!key) {
      console.error('<Script> needs a src, or an id for inline code, so it is added once.');
      return;
    }
    const ready = () => latest.current.onReady?.();
    const existing = added.get(key);
    if (existing) {
      if (existing.loaded) ready();
      else existing.element?.addEventListener('load', ready, { once: true });
      return;
    }
    const add = () => addScript(latest.current, key, ready);
    if (strategy === 'afterInteractive') add();
    else whenIdle(add); // lazyOnload; `worker` (a Partytown feature) runs as lazyOnload
  }, [strategy, id, src]);

  if (strategy !== 'beforeInteractive') return null;
  const { strategy: _s, onLoad: _l, onReady: _r, onError: _e, children, dangerouslySetInnerHTML, ...attributes } = props;
  const code = dangerouslySetInnerHTML?.__html ?? children;
  const script = createElement('script', { ...attributes, key: id ?? src, 'data-nscript': 'beforeInteractive', dangerouslySetInnerHTML: code === undefined ? undefined : { __html: code } });
  // In `pages/_document` (rendered on the server only, outside the page tree): where it stands.
  if (typeof window === 'undefined' && !headManager) return script;
  // From the page tree: in the head of the server's document, before the page's own scripts.
  return createElement(Head, null, script);
}
