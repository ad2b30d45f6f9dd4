/**
 * The checks each compat app is put through, written once and run against both
 * frameworks: HTTP requests (what a crawler or `curl` sees) and browser steps (what a
 * visitor sees). The runner compares Next's answers with Stratus's; the jest tests
 * compare Stratus's with the Next answers recorded in test/compat/observed/.
 */

/** One HTTP request; its observation is the status, the headers that matter, the title and visible text. */
export interface RequestCheck {
  kind: 'request';
  /** Shown in the table; unique within the app. */
  name: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and search. `{image}` stands for the image optimiser's path, the one URL that must differ. */
  path: string;
  headers?: Record<string, string>;
  /** Request body, sent as given (set its `content-type` in `headers`). */
  body?: string;
  /**
   * Also read: `body` (the answer's text), `header:<name>` (another header), or from the
   * HTML `selector` (the text of every match) or `selector@attribute` (that attribute of
   * every match), e.g. `html@lang`, `head meta[name]@content`.
   */
  read?: string[];
  /** Fields left out: e.g. `text` of a page that prints a time. */
  ignore?: string[];
}

/**
 * One browser session: steps in order, each recording what it saw. A waiting step waits
 * (at most 5 s) for the value it names and records the value it found, so a framework
 * that never gets there shows what it showed instead.
 */
export interface BrowserCheck {
  kind: 'browser';
  name: string;
  steps: Step[];
}

export type Step =
  /** A full page load, waiting for hydration (`window.__hydrated`, set by each app's `_app`). */
  | { goto: string }
  /** Clicks a link by its exact text, or the first match of a CSS selector (`css:` prefix). */
  | { click: string }
  /** Waits for the URL (path, search and hash) to be this; records the URL. */
  | { url: string }
  /** Waits for the document title to be this; records the title. */
  | { title: string }
  /** Waits for the text of `in` (default `body`) to contain this; records that text. */
  | { text: string; in?: string }
  /** Runs an expression in the page; records its result as JSON, waiting for `until` when given. */
  | { eval: string; until?: string }
  /** Waits until the page has had no request in flight for 250 ms (at most 3 s), so late callbacks have run. */
  | { idle: true }
  /** Records whether the window survived since the last `goto` (`soft`) or the page was loaded again (`full load`). */
  | { softly: true }
  | { back: true };

export type Check = RequestCheck | BrowserCheck;

/** What one framework answered to one check: field → value, all as text. */
export type Observation = Record<string, string>;

export interface CompatApp {
  /** Folder under compat/apps. */
  name: string;
  checks: Check[];
}
