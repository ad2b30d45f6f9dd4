/**
 * Apps written into temporary folders for build tests: `tempApp({ 'pages/index.tsx': '…' })`
 * writes the files and returns the folder; every folder is removed after the test file.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const folders: string[] = [];
afterAll(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

export function tempApp(files: Record<string, string>, prefix = 'stratus-app-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
