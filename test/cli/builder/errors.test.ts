/**
 * esbuild's failures as the build reports them: each problem as `file:line:column: text`
 * with its line, unless esbuild knows the file alone (a plugin's error, line 0), whose text
 * names the place itself.
 */
import { fromEsbuildFailure } from '../../../cli/builder/errors';

test('a located problem is file:line:column with its line; a plugin error at line 0 is its own text', () => {
  const failure = {
    errors: [
      { text: 'Unexpected ";"', location: { file: 'pages/a.tsx', line: 3, column: 13, lineText: '  const x = (;' } },
      { text: 'Syntax error in pages/b.tsx:2:9: Unexpected token', location: { file: 'pages/b.tsx', line: 0, column: 0 } },
      { text: 'Could not resolve "nowhere"' },
    ],
  };
  const error = fromEsbuildFailure(failure, 'Compiling the browser code failed') as Error;
  expect(error.message).toBe([
    'Compiling the browser code failed:',
    'pages/a.tsx:3:14: Unexpected ";"',
    '    const x = (;',
    'Syntax error in pages/b.tsx:2:9: Unexpected token',
    'Could not resolve "nowhere"',
  ].join('\n'));
});

test('anything else is left as it was', () => {
  const other = new Error('disk full');
  expect(fromEsbuildFailure(other, 'Compiling')).toBe(other);
});
