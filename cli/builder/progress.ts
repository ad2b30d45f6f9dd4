/**
 * Progress of long build steps (prerendering 100,000 pages takes a while): on a terminal,
 * one line rewritten in place; in a CI log or a pipe, where rewriting a line prints it
 * again, a line every few seconds and the last one.
 */

export interface Progress {
  /** The state now (`prerendering 12,000/100,000 pages…`); shown when it is time to. */
  update(text: string): void;
  /** The step is over: the terminal line is finished with its last state. */
  end(): void;
}

export interface ProgressOptions {
  /** Between two lines where lines cannot be rewritten. @default 5000 */
  everyMs?: number;
  /** Between two rewrites of the terminal line. @default 100 */
  redrawMs?: number;
  /** @default performance.now */
  now?: () => number;
}

/** Where progress goes: a stream that may be a terminal, and the build's log for plain lines. */
export interface ProgressTarget {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * @example
 * const progress = progressTo(process.stdout, log);
 * for (…) progress.update(`prerendering ${done}/${total} pages`);
 * progress.end();
 */
export function progressTo(target: ProgressTarget | undefined, log: (line: string) => void, options: ProgressOptions = {}): Progress {
  const now = options.now ?? (() => performance.now());
  const tty = target?.isTTY === true;
  const interval = tty ? (options.redrawMs ?? 100) : (options.everyMs ?? 5000);
  let shownAt = -Infinity;
  let latest: string | undefined;
  let shown: string | undefined;
  const show = (text: string) => {
    shownAt = now();
    shown = text;
    if (tty) target!.write(`\r\x1b[2K${text}`);
    else log(text);
  };
  return {
    update(text) {
      latest = text;
      if (now() - shownAt >= interval) show(text);
    },
    end() {
      if (latest !== undefined && latest !== shown) show(latest);
      if (tty && shown !== undefined) target!.write('\n');
      latest = shown = undefined;
      shownAt = -Infinity;
    },
  };
}

/** `12,345`: counts in progress lines and summaries. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
