/**
 * The render function as Lambda runs it: its built folder copied to a folder of its own (as
 * /var/task), its handler loaded from there with that folder as the working directory; the
 * copy is removed after the test file.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuiltApp } from './build-app';

type Handler = BuiltApp['handler'];

const copies: string[] = [];
afterAll(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

export async function fromCopiedFunction<T>(app: BuiltApp, work: (handler: Handler, taskDir: string) => Promise<T>): Promise<T> {
  const taskDir = mkdtempSync(path.join(os.tmpdir(), 'stratus-task-'));
  copies.push(taskDir);
  cpSync(path.join(app.outDir, 'lambdas', 'render'), taskDir, { recursive: true });
  const cwd = process.cwd();
  process.chdir(taskDir);
  try {
    const { handler } = require(path.join(taskDir, 'index.js')) as { handler: Handler };
    return await work(handler, taskDir);
  } finally {
    process.chdir(cwd);
  }
}
