/**
 * `stratus dev`'s browser client, the first module the dev entry runs (before React loads):
 * React Refresh's runtime, the updates the dev server sends after each save, and the error
 * overlay's inputs.
 *
 * An update names the modules whose code changed and, for each, its newest script and the
 * modules that import it. A changed module that the page has loaded is imported again from
 * its new script; if it exports components only, React Refresh swaps them in place with
 * their state kept; otherwise its importers are imported again, and so on up. Reaching a
 * module that cannot be swapped (a page's entry, `_app`) reloads the document, as does a
 * fix after an exception while rendering. A changed stylesheet replaces its `<link>` when
 * the new one has loaded. Modules not loaded yet load their newest script when the router
 * asks for them (`page`), or reload the document if an old script of theirs arrives.
 */
import * as RefreshRuntime from 'react-refresh/runtime';
import { HOT_GLOBAL, type DevHooks } from '../../shared/dev-hooks';
import { createOverlay, type ShownError, type StackFrame } from './overlay';

/** Where the dev server sends its events (cli/dev/dev-server.ts). */
const EVENTS_PATH = '/_stratus/dev/events';
/**
 * Where the page says it has applied an update (the server's build waits for that,
 * cli/dev/server-gate.ts), with how long it took (cli/dev/save-timings.ts).
 */
const APPLIED_PATH = '/_stratus/dev/applied';
/** Where a browser stack is mapped to the app's files (cli/dev/stack-frames.ts). */
const FRAMES_PATH = '/_stratus/dev/frames';

interface GraphNode {
  /** The module's newest script. */
  url: string;
  importers: string[];
  /** Updating it means reloading the document. */
  root?: true;
}

interface UpdateMessage {
  version: number;
  changed: { id: string; hash: string }[];
  graph: Record<string, GraphNode>;
  /** Stylesheets replaced: [old URL, new URL]. */
  css: [string, string][];
  /** Each page's newest entry script. */
  pages: Record<string, string>;
}

interface ProblemsMessage {
  errors: ShownError[];
  warnings: string[];
}

RefreshRuntime.injectIntoGlobalHook(globalThis);

/** Module id → the hash of the code this page runs. */
const loaded = new Map<string, string>();
/** Module id → the hash of its newest code, for modules changed since the page loaded. */
const newest = new Map<string, string>();
const newestPages = new Map<string, string>();
const pageStyleMaps: Record<string, string[]>[] = [];
const overlay = createOverlay();
let renderFailed = false;
let queue: Promise<unknown> = Promise.resolve();

interface Applied {
  version: number;
  received: number;
  imported?: number;
  refreshed?: number;
  styled?: number;
}

function sendApplied(applied: Applied): void {
  void fetch(APPLIED_PATH, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(applied), keepalive: true }).catch(() => undefined);
}

function reload(reason: string): void {
  console.info(`[stratus dev] reloading: ${reason}`);
  location.reload();
}

const dynamicImport = (url: string): Promise<Record<string, unknown>> => import(/* webpackIgnore: true */ url);

function isBoundary(exports: Record<string, unknown>): boolean {
  const names = Object.keys(exports);
  return names.length > 0 && names.every((name) => RefreshRuntime.isLikelyComponentType(exports[name]));
}

/** Applies an update; says when it is done (stylesheets loaded, modules refreshed), or that there was nothing to do here. */
async function applyUpdate(message: UpdateMessage, applied: Applied): Promise<void> {
  const changed = message.changed.filter(({ id, hash }) => loaded.has(id) && loaded.get(id) !== hash).map(({ id }) => id);
  // Done when the last of the stylesheets and the modules is.
  let parts = 2;
  const done = () => --parts === 0 && sendApplied(applied);
  swapStylesheets(message.css, () => {
    if (message.css.length > 0) applied.styled = Date.now();
    done();
  });
  for (const [pattern, url] of Object.entries(message.pages)) newestPages.set(pattern, url);
  for (const { id, hash } of message.changed) newest.set(id, hash);
  try {
    await applyModules(message, changed, applied);
  } finally {
    done();
  }
}

async function applyModules(message: UpdateMessage, changed: string[], applied: Applied): Promise<void> {
  if (changed.length === 0) return;
  if (renderFailed) return reload('the page failed while rendering; it starts again with the fix');
  const visited = new Set<string>();
  const pending = [...changed];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (visited.has(id)) continue;
    visited.add(id);
    const node = message.graph[id];
    if (!node || node.root) return reload(`${id} changed, and ${node ? 'it' : 'what imports it'} cannot be updated in place`);
    const exports = await dynamicImport(node.url);
    if (isBoundary(exports)) continue;
    const importers = node.importers.filter((importer) => loaded.has(importer) || message.graph[importer]?.root);
    if (importers.length === 0) return reload(`${id} exports more than components, and nothing on this page that imports it can take the change`);
    pending.push(...importers);
  }
  applied.imported = Date.now();
  RefreshRuntime.performReactRefresh();
  applied.refreshed = Date.now();
  overlay.clearRuntime();
}

/** Replaces each stylesheet link of an old URL by one of the new, removing the old once the new has loaded (no flash of unstyled page). */
function swapStylesheets(pairs: [string, string][], loaded: () => void): void {
  let pending = 1;
  const settle = () => --pending === 0 && loaded();
  const replaced = new Map(pairs);
  for (const byPage of pageStyleMaps) {
    for (const [page, hrefs] of Object.entries(byPage)) byPage[page] = hrefs.map((href) => replaced.get(href) ?? href);
  }
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')) {
    const next = replaced.get(link.getAttribute('href') ?? '');
    if (!next) continue;
    const fresh = link.cloneNode() as HTMLLinkElement;
    fresh.setAttribute('href', next);
    pending++;
    fresh.onload = fresh.onerror = () => {
      link.remove();
      settle();
    };
    link.after(fresh);
  }
  settle();
}

/** Maps a browser stack to the app's files through the dev server; the raw stack when that fails. */
async function framesOf(error: unknown): Promise<{ frames: StackFrame[]; codeFrame?: string }> {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  try {
    const response = await fetch(FRAMES_PATH, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: stack });
    if (response.ok) return (await response.json()) as { frames: StackFrame[]; codeFrame?: string };
  } catch {
    // The dev server is gone or restarting: the raw stack below.
  }
  return { frames: [] };
}

function showRuntime(title: string, error: unknown, componentStack?: string | null): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : `Thrown: ${String(error)}`;
  void framesOf(error).then(({ frames, codeFrame }) =>
    overlay.show({ kind: 'runtime', title, message, frames, codeFrame, componentStack: componentStack ?? undefined, stack: error instanceof Error ? error.stack : undefined }),
  );
}

const hooks: DevHooks & Record<string, unknown> = {
  caught(error, componentStack) {
    renderFailed = true;
    showRuntime('Unhandled runtime error', error, componentStack);
  },
  pageStyles(byPage) {
    pageStyleMaps.push(byPage);
  },
  /** `$RefreshReg$` of a transformed module (cli/dev/refresh-plugin.ts). */
  register: (type: unknown, id: string) => RefreshRuntime.register(type, id),
  /** `$RefreshSig$` of a transformed module. */
  signature: () => RefreshRuntime.createSignatureFunctionForTransform(),
  /** A transformed module has run: its id and the hash of its code. */
  arrived(id: string, hash: string) {
    loaded.set(id, hash);
    const latest = newest.get(id);
    if (latest && latest !== hash) reload(`an old script of ${id} loaded after it changed`);
  },
  /** The dev entry's loader of a page: its newest script once it has changed. */
  page:
    (pattern: string, load: () => Promise<unknown>) =>
    () => {
      const url = newestPages.get(pattern);
      return url ? dynamicImport(url) : load();
    },
};
(globalThis as unknown as Record<string, unknown>)[HOT_GLOBAL] = hooks;

/** React's reports of a hydration mismatch start so (a thrown one for text, a console error for attributes). */
const HYDRATION = /^(?:Error: )?(?:Hydration failed|A tree hydrated but)/;

addEventListener('error', (event) => {
  if (event.error === undefined && !event.message) return;
  const error = event.error ?? new Error(event.message);
  showRuntime(HYDRATION.test(String(error instanceof Error ? error.message : error)) ? 'Hydration mismatch' : 'Unhandled runtime error', error);
});

/** console.error's arguments as the console prints them: `%s`, `%o`… in the first replaced by the rest. */
function consoleText(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(String).join(' ');
  const text = first.replace(/%[sdifoOc]/g, () => (rest.length > 0 ? String(rest.shift()) : ''));
  return [text, ...rest.map(String)].join(' ');
}

// React reports a mismatch of attributes, which it leaves as the server rendered them, with
// console.error alone: the overlay shows it too, with React's diff, as next dev's does.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleError(...args);
  const text = consoleText(args);
  if (HYDRATION.test(text)) overlay.show({ kind: 'runtime', title: 'Hydration mismatch', message: text.trim() });
};
addEventListener('unhandledrejection', (event) => showRuntime('Unhandled promise rejection', event.reason));

/** A server error the dev server put into this page (a render that threw). */
const serverError = document.getElementById('__STRATUS_DEV_ERROR__');
if (serverError?.textContent) overlay.show(JSON.parse(serverError.textContent) as ShownError);

// The browser build this page's scripts come from: the dev server sends the updates it missed since.
const since = document.querySelector<HTMLMetaElement>('meta[name="stratus-dev-version"]')?.content ?? '';
const events = new EventSource(`${EVENTS_PATH}?since=${encodeURIComponent(since)}`);
let session: string | undefined;
events.addEventListener('hello', (event) => {
  const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: string };
  // A new dev server: the page may have missed updates.
  if (session && session !== id) reload('the dev server restarted');
  session = id;
});
events.addEventListener('update', (event) => {
  const received = Date.now();
  const message = JSON.parse((event as MessageEvent<string>).data) as UpdateMessage;
  queue = queue.then(() => applyUpdate(message, { version: message.version, received })).catch((error: unknown) => {
    console.error(error);
    reload('an update failed to apply');
  });
});
events.addEventListener('reload', (event) => reload(JSON.parse((event as MessageEvent<string>).data) as string));
// Server code changed and the browser's did not (a data function, an API route, a file they
// import): the page asks for its data again in place, state kept, as `next dev` refreshes it.
events.addEventListener('refresh', () => {
  const router = (window as unknown as { next?: { router?: { asPath?: string; replace?: (url: string, as?: string, options?: { scroll?: boolean }) => Promise<unknown> } } }).next?.router;
  if (renderFailed || typeof router?.replace !== 'function' || typeof router.asPath !== 'string') return reload('the server code changed');
  console.info('[stratus dev] refreshing the page\'s data: the server code changed');
  router.replace(router.asPath, undefined, { scroll: false }).catch(() => reload('the page\'s data did not refresh'));
});
events.addEventListener('problems', (event) => {
  const { errors, warnings } = JSON.parse((event as MessageEvent<string>).data) as ProblemsMessage;
  overlay.setBuild(errors, warnings);
});
