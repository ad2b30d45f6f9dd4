/** Where the build finds middleware: next to the pages, at the app root or in src/. */
import path from 'node:path';
import { findMiddleware } from '../../../../cli/builder/steps/middleware-file';
import { tempApp } from '../../../helpers/temp-app';

test('at the app root, in src/ for a src/pages app, and none', () => {
  const root = tempApp({ 'middleware.ts': 'export function middleware() {}', 'pages/index.tsx': 'export default () => null;' }, 'stratus-mw-');
  expect(findMiddleware(root)).toBe(path.join(root, 'middleware.ts'));
  const src = tempApp({ 'src/middleware.js': 'export function middleware() {}', 'src/pages/index.js': 'export default () => null;' }, 'stratus-mw-');
  expect(findMiddleware(src)).toBe(path.join(src, 'src', 'middleware.js'));
  const none = tempApp({ 'pages/index.tsx': 'export default () => null;' }, 'stratus-mw-');
  expect(findMiddleware(none)).toBeUndefined();
});
