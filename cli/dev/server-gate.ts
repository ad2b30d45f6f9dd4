/**
 * After a save, the server's build waits until the pages have applied the browser's update
 * (each page posts that it has), so it does not take the machine's cores while they import
 * the new scripts and React refreshes: the server's build is off the path from the save to
 * the page. A request that needs the server opens the gate at once, and so does a second
 * (pages that never answer, a tab closed without a word).
 */
export interface ServerGate {
  /** The update of `version` went to `pages` pages: wait for them. */
  hold(version: number, pages: number): void;
  /** A page has applied the update of `version` (or had nothing to do with it). */
  applied(version: number): void;
  /** Opens the gate now (a request waits for the server). */
  open(): void;
  /** Settles once the gate is open. */
  opened(): Promise<void>;
}

/** How long the server's build waits at most for pages that do not say they applied an update. */
export const GATE_MS = 1000;

export function createServerGate(limitMs = GATE_MS): ServerGate {
  let held: { version: number; waiting: number; open: () => void; opened: Promise<void> } | undefined;

  function open(): void {
    held?.open();
    held = undefined;
  }

  return {
    hold(version, pages) {
      open();
      if (pages <= 0) return;
      let release!: () => void;
      const opened = new Promise<void>((resolve) => (release = resolve));
      const timer = setTimeout(open, limitMs);
      held = { version, waiting: pages, opened, open: () => (clearTimeout(timer), release()) };
    },
    applied(version) {
      if (held && held.version === version && --held.waiting <= 0) open();
    },
    open,
    async opened() {
      // A newer update may hold it again meanwhile: wait for that one too.
      while (held) await held.opened;
    },
  };
}
