/**
 * Where the client router reads and writes the location: the browser (history API,
 * window scroll, full page loads) or memory (jest). The router never touches `window`
 * itself, so navigation runs in tests without a browser.
 *
 * @example
 * const source = browserHistory();       // in the page
 * const source = memoryHistory('/about'); // in a test
 */

/** What the router stores in each history entry it creates. */
export interface EntryState {
  __s: 1;
  /** Identifies the entry, for its saved scroll position. */
  key: string;
  /** The page's URL, when a navigation's `href` named another page than its `as` (the address bar). */
  href?: string;
  /** Written by a shallow navigation: going back or forward to it is shallow too, after another shallow one. */
  shallow?: true;
}

export interface HistorySource {
  /** The origin, for telling internal URLs from external ones. */
  readonly origin: string;
  /** Path, search and hash of the current entry. */
  url(): string;
  state(): EntryState | null;
  push(url: string, state: EntryState): void;
  replace(url: string, state: EntryState): void;
  back(): void;
  /** Calls `listener` when the user moves through history (back/forward, fragment links). */
  listen(listener: (state: EntryState | null) => void): void;
  /**
   * A full page load: the one way out when soft navigation cannot complete (a page script
   * that fails or times out, unreachable or unknown-build data, external redirects).
   */
  load(url: string, replace?: boolean): void;
  reload(): void;
  scrollPosition(): [number, number];
  scrollTo(x: number, y: number): void;
  /** Scrolls to the element with this id, else the first with this name; `''`/`top`: to the top. */
  scrollToHash(hash: string): void;
  /** Saved scroll positions survive full loads (sessionStorage in the browser). */
  savePosition(key: string, position: [number, number]): void;
  savedPosition(key: string): [number, number] | undefined;
}

const POSITION_PREFIX = '__stratus_scroll_';

/** The browser: `history`, `location`, `window.scrollTo` and sessionStorage. */
export function browserHistory(): HistorySource {
  // The router restores positions itself, after the restored page has rendered; the
  // browser's own restoration would scroll before that.
  // https://developer.mozilla.org/docs/Web/API/History/scrollRestoration
  history.scrollRestoration = 'manual';
  const positions = new Map<string, [number, number]>();
  return {
    origin: location.origin,
    url: () => location.pathname + location.search + location.hash,
    state: () => ((history.state as EntryState | null)?.__s ? (history.state as EntryState) : null),
    push: (url, state) => history.pushState(state, '', url),
    replace: (url, state) => history.replaceState(state, '', url),
    back: () => history.back(),
    listen: (listener) => addEventListener('popstate', (event) => listener((event.state as EntryState | null)?.__s ? (event.state as EntryState) : null)),
    load: (url, replace) => (replace ? location.replace(url) : location.assign(url)),
    reload: () => location.reload(),
    scrollPosition: () => [scrollX, scrollY],
    scrollTo: (x, y) => scrollTo(x, y),
    scrollToHash(hash) {
      let id = hash;
      try {
        id = decodeURIComponent(hash);
      } catch {
        // keep the raw hash
      }
      if (id === '' || id === 'top') return scrollTo(0, 0);
      (document.getElementById(id) ?? document.getElementsByName(id)[0])?.scrollIntoView();
    },
    savePosition(key, position) {
      positions.set(key, position);
      try {
        sessionStorage.setItem(POSITION_PREFIX + key, JSON.stringify(position));
      } catch {
        // storage full or disabled: positions still hold for this document
      }
    },
    savedPosition(key) {
      const known = positions.get(key);
      if (known) return known;
      try {
        const stored = sessionStorage.getItem(POSITION_PREFIX + key);
        return stored ? (JSON.parse(stored) as [number, number]) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** An in-memory history for tests: entries, a scroll position and a log of full loads. */
export function memoryHistory(initial = '/', origin = 'http://localhost') {
  const entries: { url: string; state: EntryState | null }[] = [{ url: initial, state: null }];
  let index = 0;
  let listener: ((state: EntryState | null) => void) | undefined;
  let position: [number, number] = [0, 0];
  const positions = new Map<string, [number, number]>();
  const fullLoads: string[] = [];
  const scrolledToHash: string[] = [];
  const source: HistorySource & {
    entries: typeof entries;
    fullLoads: string[];
    scrolledToHash: string[];
    go(delta: number): void;
  } = {
    origin,
    entries,
    fullLoads,
    scrolledToHash,
    url: () => entries[index]!.url,
    state: () => entries[index]!.state,
    push(url, state) {
      entries.splice(index + 1, entries.length, { url, state });
      index++;
    },
    replace: (url, state) => void (entries[index] = { url, state }),
    back: () => source.go(-1),
    go(delta) {
      index = Math.max(0, Math.min(entries.length - 1, index + delta));
      listener?.(entries[index]!.state);
    },
    listen: (l) => void (listener = l),
    load: (url) => void fullLoads.push(url),
    reload: () => void fullLoads.push(entries[index]!.url),
    scrollPosition: () => position,
    scrollTo: (x, y) => void (position = [x, y]),
    scrollToHash: (hash) => void scrolledToHash.push(hash),
    savePosition: (key, p) => void positions.set(key, p),
    savedPosition: (key) => positions.get(key),
  };
  return source;
}
