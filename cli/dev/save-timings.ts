/**
 * Where the time of a save goes, from the file's write to the page showing it, for
 * `STRATUS_DEV_TIMINGS=1 stratus dev`: the server's stages (the watcher's event, the wait
 * for the editor to settle, the browser build, the update worked out and sent) and the
 * browser's (the message received, the new scripts imported, React's refresh, a stylesheet
 * loaded), which the dev client posts back. One line per save, each stage's milliseconds
 * and the total, all on one clock (`Date.now()` in both, the file's mtime for the write).
 */
import { statSync } from 'node:fs';
import path from 'node:path';

/** What the dev client reports of one update (hot-client.ts). */
export interface BrowserTimings {
  version: number;
  received: number;
  imported?: number;
  refreshed?: number;
  styled?: number;
}

interface Save {
  file: string;
  written: number;
  marks: [string, number][];
  version?: number;
  done: boolean;
}

export interface SaveTimings {
  enabled: boolean;
  /** A file changed (the watcher's event). */
  changed(appDir: string, file: string): void;
  /** A server stage ended now. */
  mark(stage: string): void;
  /** The update of this version was sent for the saves marked so far. */
  sent(version: number): void;
  /** Nothing was sent to the browser for the saves marked so far: print what there is. */
  settled(note: string): void;
  browser(report: BrowserTimings): void;
}

export function createSaveTimings(enabled: boolean, log: (line: string) => void): SaveTimings {
  let open: Save | undefined;
  const sent = new Map<number, Save>();

  function print(save: Save, tail: [string, number][], note?: string): void {
    const stages = [...save.marks, ...tail];
    let last = save.written;
    const parts = stages.map(([name, at]) => {
      const part = `${name} ${Math.round(at - last)}`;
      last = Math.max(last, at);
      return part;
    });
    log(`  timings ${save.file}: ${parts.join(', ')} → ${Math.round(last - save.written)} ms${note ? ` (${note})` : ''}`);
  }

  return {
    enabled,
    changed(appDir, file) {
      if (!enabled) return;
      const now = Date.now();
      let written = now;
      try {
        written = Math.min(now, statSync(path.join(appDir, file)).mtimeMs);
      } catch {
        // Deleted: the event's own time.
      }
      // Saves while one is open join it: one build handles them all.
      if (open && !open.done) return;
      open = { file, written, marks: [['watcher', now]], done: false };
    },
    mark(stage) {
      if (open && !open.done) open.marks.push([stage, Date.now()]);
    },
    sent(version) {
      if (!open || open.done) return;
      open.marks.push(['sent', Date.now()]);
      open.version = version;
      open.done = true;
      sent.set(version, open);
      // Only the last few wait for their browser's report.
      for (const key of sent.keys()) if (sent.size > 8) sent.delete(key);
    },
    settled(note) {
      if (!open || open.done) return;
      open.done = true;
      print(open, [], note);
    },
    browser(report) {
      const save = sent.get(report.version);
      if (!save) return;
      sent.delete(report.version);
      const tail: [string, number][] = [['received', report.received]];
      if (report.imported) tail.push(['imported', report.imported]);
      if (report.refreshed) tail.push(['refreshed', report.refreshed]);
      if (report.styled) tail.push(['styled', report.styled]);
      print(save, tail);
    },
  };
}
