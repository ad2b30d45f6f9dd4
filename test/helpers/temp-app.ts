/**
 * Apps written into temporary folders for build tests: `tempApp({ 'pages/index.tsx': '…' })`
 * writes the files and returns the folder; every folder is removed after the test file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const folders: string[] = [];
// A dev server the test file stops in its own afterAll may still be writing its build here:
// removal retries (ENOTEMPTY), and a folder left in the system's temp folder fails no test.
afterAll(() =>
  folders.splice(0).forEach((dir) => {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (error) {
      console.warn(`left ${dir}: ${(error as Error).message}`);
    }
  }),
);

export function tempApp(files: Record<string, string>, prefix = 'stratus-app-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
