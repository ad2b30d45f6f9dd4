/**
 * The app's files, watched for `stratus dev`: each save reported once it has landed, by
 * its path in the app (`pages/index.tsx`).
 *
 * chokidar, not fs.watch: Node 20's recursive fs.watch on Linux stops reporting a file once
 * it is replaced by a rename, as editors' atomic saves and `sed -i` do. chokidar drops a
 * second change of a file within 50 ms of the first (its change throttle), which loses a
 * save that follows closely (a formatter writing after the editor, a fix saved right after
 * the error was shown): each reported change is looked at again once that window has
 * passed, and reported anew if the file differs from what it was when reported.
 */
import chokidar from 'chokidar';
import { statSync } from 'node:fs';
import path from 'node:path';

/** Folders of the app a save in which means nothing to the build, and editors' swap and backup files. */
const IGNORED = /^(\.stratus|\.stratus-dev|node_modules|\.git|\.next|cdk\.out)(\/|\\|$)|(^|[/\\])\.[^/\\]+\.sw[a-z]$|~$/;

/** Past chokidar's change throttle (50 ms). */
const RECHECK_MS = 60;

export interface AppWatcher {
  close(): Promise<void>;
}

/** What a file is now, as far as a save changes it; '' when it is gone. */
function signature(file: string): string {
  try {
    const info = statSync(file);
    return `${info.mtimeMs}:${info.ctimeMs}:${info.size}`;
  } catch {
    return '';
  }
}

/** Watches `appDir`; `changed` gets each save's path in the app. Resolves once the watcher is ready. */
export async function watchApp(appDir: string, changed: (file: string) => void, onError: (error: Error) => void): Promise<AppWatcher> {
  const watcher = chokidar.watch(appDir, { ignoreInitial: true, ignored: (file: string) => IGNORED.test(path.relative(appDir, file)) });
  const rechecks = new Set<NodeJS.Timeout>();
  watcher.on('all', (_event, file) => {
    const seen = signature(file);
    changed(path.relative(appDir, file).split(path.sep).join('/'));
    const timer = setTimeout(() => {
      rechecks.delete(timer);
      if (signature(file) !== seen) changed(path.relative(appDir, file).split(path.sep).join('/'));
    }, RECHECK_MS);
    rechecks.add(timer);
  });
  // Out of inotify watches, say: said once, rather than saves going unseen without a word.
  watcher.on('error', (error) => onError(error as Error));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    async close() {
      for (const timer of rechecks) clearTimeout(timer);
      await watcher.close();
    },
  };
}
