/**
 * A failed build as the overlay shows it (cli/dev/problems.ts): the first `file:line:column`
 * in the message, wherever esbuild or the build put it, with the code around it.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProblems } from '../../../cli/dev/problems';

const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-problems-'));
mkdirSync(path.join(dir, 'pages'));
writeFileSync(path.join(dir, 'pages/index.tsx'), 'export default function Home() { return <h1>unclosed </h1 }\n');

test.each([
  ['at the start of a line', 'Compiling the browser code failed:\npages/index.tsx:1:59: Expected ">" but found "}"'],
  ['after words', 'Syntax error in pages/index.tsx:1:59: Expected ">" but found "}"'],
])('the location %s', (_where, message) => {
  const [error] = buildProblems(new Error(message), [], dir).errors;
  expect(error!.location).toBe('pages/index.tsx:1:59');
  expect(error!.codeFrame).toContain('> 1 | export default function Home()');
});
