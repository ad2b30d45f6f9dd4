/**
 * `stratus dev`'s error overlay: build errors, server render errors and browser exceptions,
 * each with its message, the code around the line, and the stack with the app's own frames
 * first and the framework's and React's folded; the build's warnings below. Plain DOM in a
 * shadow root, so neither the app's CSS nor its React touch it. Dismissing it (×, Escape)
 * leaves the page as it is and a badge that opens it again.
 */

export interface StackFrame {
  /** The function, as the source names it. */
  fn: string;
  /** The file as written in the app (`pages/notes/[id].tsx`), or `node_modules/…`, `stratus/…`. */
  file: string;
  line: number;
  column: number;
  /** One of the app's own files. */
  app: boolean;
}

export interface ShownError {
  kind: 'build' | 'server' | 'runtime';
  title: string;
  message: string;
  frames?: StackFrame[];
  /** The lines around the first app frame (or the build error), with a marker. */
  codeFrame?: string;
  /** `file:line:column` of a build error. */
  location?: string;
  componentStack?: string;
  /** The unmapped stack, shown when no frame could be mapped. */
  stack?: string;
}

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(17, 17, 17, 0.55); overflow: auto; font: 14px/1.5 system-ui, sans-serif; color: #1d1d1d; }
.panel { max-width: 960px; margin: 5vh auto; background: #fff; border-radius: 8px; box-shadow: 0 8px 40px rgba(0,0,0,.35); overflow: hidden; }
header { display: flex; align-items: center; gap: 12px; padding: 12px 20px; background: #fbeaea; border-bottom: 1px solid #f0caca; }
header .count { color: #a11; font-weight: 600; }
header nav { display: flex; gap: 4px; }
header button { font: inherit; border: 1px solid #d9b3b3; background: #fff; border-radius: 4px; cursor: pointer; padding: 0 8px; }
header .close { margin-left: auto; font-size: 18px; line-height: 1; padding: 4px 10px; }
section { padding: 16px 20px; }
h1 { font-size: 18px; margin: 0 0 4px; color: #a11; }
.message { font: 15px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; margin: 8px 0 12px; }
.location { font: 13px ui-monospace, monospace; color: #555; }
pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: #f6f6f6; padding: 12px; border-radius: 6px; overflow: auto; margin: 8px 0; }
h2 { font-size: 14px; margin: 16px 0 4px; }
ol { list-style: none; padding: 0; margin: 0; font: 13px ui-monospace, monospace; }
li { padding: 2px 0; }
li .where { color: #666; }
details { margin-top: 6px; color: #666; }
summary { cursor: pointer; font-size: 13px; }
.warnings { border-top: 1px solid #eee; background: #fffbea; }
.warnings li { white-space: pre-wrap; font-family: system-ui, sans-serif; }
footer { padding: 10px 20px; color: #777; font-size: 12px; border-top: 1px solid #eee; }
.badge { position: fixed; left: 16px; bottom: 16px; z-index: 2147483647; background: #a11; color: #fff; border: 0; border-radius: 16px; padding: 6px 14px; font: 600 13px system-ui, sans-serif; cursor: pointer; box-shadow: 0 2px 10px rgba(0,0,0,.3); }
`;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Node | string | undefined)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child !== undefined) node.append(child);
  return node;
}

function frameList(frames: StackFrame[]): HTMLOListElement {
  return element(
    'ol',
    {},
    ...frames.map((frame) => element('li', { 'data-frame': frame.app ? 'app' : 'framework' }, `${frame.fn} `, element('span', { class: 'where' }, `${frame.file}:${frame.line}:${frame.column}`))),
  );
}

function errorSection(error: ShownError): HTMLElement {
  const frames = error.frames ?? [];
  const own = frames.filter((frame) => frame.app);
  const folded = frames.filter((frame) => !frame.app);
  const first = own[0];
  const location = error.location ?? (first ? `${first.file}:${first.line}:${first.column}` : undefined);
  return element(
    'section',
    { 'data-kind': error.kind },
    element('h1', {}, error.title),
    location ? element('div', { class: 'location', 'data-stratus-location': '' }, location) : undefined,
    element('div', { class: 'message' }, error.message),
    error.codeFrame ? element('pre', { 'data-stratus-code-frame': '' }, error.codeFrame) : undefined,
    frames.length > 0 ? element('h2', {}, 'Call stack') : undefined,
    own.length > 0 ? frameList(own) : undefined,
    folded.length > 0 ? element('details', {}, element('summary', {}, `${folded.length} frame${folded.length === 1 ? '' : 's'} of the framework and React`), frameList(folded)) : undefined,
    frames.length === 0 && error.stack ? element('pre', {}, error.stack) : undefined,
    error.componentStack ? element('details', {}, element('summary', {}, 'Component stack'), element('pre', {}, error.componentStack.trim())) : undefined,
  );
}

export interface Overlay {
  /** Shows a server or browser error (the newest first). */
  show(error: ShownError): void;
  /** The build's errors and warnings now (empty lists clear them). */
  setBuild(errors: ShownError[], warnings: string[]): void;
  /** Clears the browser's errors: new code has run. */
  clearRuntime(): void;
}

export function createOverlay(): Overlay {
  let runtime: ShownError[] = [];
  let build: ShownError[] = [];
  let warnings: string[] = [];
  let index = 0;
  let dismissed = false;
  /** The panel was opened from the badge (warnings alone). */
  let opened = false;
  let host: HTMLElement | undefined;

  function mount(): ShadowRoot {
    if (!host) {
      host = document.createElement('stratus-dev-overlay');
      host.id = '__stratus_overlay';
      host.attachShadow({ mode: 'open' });
    }
    if (!host.isConnected) document.body.append(host);
    return host.shadowRoot!;
  }

  function render(): void {
    // The browser's own errors first: the newest, and the ones with the page's stack (a
    // server build that fails on the same code, prerendering the page, follows them).
    const errors = [...runtime, ...build];
    if (errors.length === 0 && warnings.length === 0) {
      host?.remove();
      dismissed = false;
      return;
    }
    const root = mount();
    root.replaceChildren(element('style', {}, STYLE));
    // Warnings alone wait behind the badge; errors open the panel until dismissed.
    if (dismissed || (errors.length === 0 && !opened)) {
      const label = errors.length > 0 ? `${errors.length} error${errors.length === 1 ? '' : 's'}` : `${warnings.length} build warning${warnings.length === 1 ? '' : 's'}`;
      const badge = element('button', { class: 'badge', 'data-stratus-badge': '' }, label);
      if (errors.length === 0) badge.style.background = '#8a6d00';
      badge.onclick = () => {
        dismissed = false;
        opened = true;
        render();
      };
      root.append(badge);
      return;
    }
    index = Math.max(0, Math.min(index, errors.length - 1));
    const close = element('button', { class: 'close', title: 'Dismiss (Esc): the page stays as it is', 'data-stratus-dismiss': '' }, '×');
    close.onclick = dismiss;
    const previous = element('button', { title: 'Previous error' }, '‹');
    const next = element('button', { title: 'Next error' }, '›');
    previous.onclick = () => {
      index = (index + errors.length - 1) % errors.length;
      render();
    };
    next.onclick = () => {
      index = (index + 1) % errors.length;
      render();
    };
    root.append(
      element(
        'div',
        { class: 'backdrop', 'data-stratus-overlay': '' },
        element(
          'div',
          { class: 'panel', role: 'dialog', 'aria-label': 'Errors' },
          element('header', {}, errors.length > 1 ? element('nav', {}, previous, next) : undefined, element('span', { class: 'count' }, errors.length > 0 ? `${index + 1} of ${errors.length} error${errors.length === 1 ? '' : 's'}` : 'No errors'), close),
          errors.length > 0 ? errorSection(errors[index]!) : undefined,
          warnings.length > 0 ? element('section', { class: 'warnings' }, element('h2', {}, `Build warnings (${warnings.length})`), element('ol', {}, ...warnings.map((w) => element('li', {}, w)))) : undefined,
          element('footer', {}, 'Fix it and save: the page updates by itself. Shown by stratus dev only.'),
        ),
      ),
    );
  }

  function dismiss(): void {
    dismissed = true;
    opened = false;
    render();
  }

  addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && host?.isConnected && !dismissed) dismiss();
  });

  return {
    show(error) {
      runtime = [error, ...runtime.filter((e) => e.message !== error.message)].slice(0, 10);
      index = 0;
      dismissed = false;
      if (document.body) render();
      else addEventListener('DOMContentLoaded', render, { once: true });
    },
    setBuild(errors, list) {
      build = errors;
      warnings = list;
      if (errors.length > 0) {
        index = 0;
        dismissed = false;
      }
      render();
    },
    clearRuntime() {
      runtime = [];
      render();
    },
  };
}
