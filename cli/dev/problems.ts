/**
 * A failed build and the build's warnings as the overlay and the terminal show them: each
 * error with its file and line as written in the app and the code around it, each warning
 * once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';
import type { ShownError } from '../../web/runtime/browser/dev/overlay';
import { isStratusError } from '../../contract/errors';
import { ERROR_CODES } from '../../contract/error-codes';
import { codeFrame, readablePath } from './stack-frames';

export interface Problems {
  errors: ShownError[];
  warnings: string[];
}

/** `pages/x.tsx:3:14` in a build error, at the start of a line or after a word (`Syntax error in pages/x.tsx:3:14: …`). */
const LOCATED = /(?:^|\s)([^\s:'"()]+\.[a-z]+):(\d+):(\d+)/m;

/** The build error's overlay entry: its heading, its text, and where the first located problem is, with the code there. */
function shownBuildError(error: unknown, appDir: string): ShownError {
  const title = isStratusError(error) ? (ERROR_CODES[error.code]?.title ?? 'Build failed') : 'Build failed';
  const message = isStratusError(error) ? error.message + (error.hint && !error.message.includes(error.hint) ? `\n${error.hint}` : '') : String((error as Error)?.stack ?? error);
  const found = LOCATED.exec(message);
  if (!found) return { kind: 'build', title, message };
  const file = readablePath(found[1]!, appDir);
  const line = Number(found[2]);
  const column = Number(found[3]);
  let source: string | undefined;
  try {
    source = readFileSync(path.resolve(appDir, file), 'utf8');
  } catch {
    // Not a file of the app (a package's): no code frame.
  }
  return { kind: 'build', title, message, location: `${file}:${line}:${column}`, codeFrame: codeFrame(source, line, column) };
}

export function buildProblems(error: unknown, warnings: string[], appDir: string): Problems {
  return { errors: [shownBuildError(error, appDir)], warnings };
}

/** An esbuild warning as one line: `file:line:column: text`. */
buildProblems.warningText = (warning: Message, appDir: string): string => {
  const where = warning.location ? `${readablePath(warning.location.file, appDir)}:${warning.location.line}:${warning.location.column + 1}: ` : '';
  return `${where}${warning.text}`;
};
