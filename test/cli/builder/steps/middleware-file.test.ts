/** Where the build finds middleware (next to the pages, at the app root or in src/) and instrumentation-client.ts (src/ first, as Next's bundlers look). */
import path from 'node:path';
import { findInstrumentationClient, findMiddleware } from '../../../../cli/builder/steps/middleware-file';
import { tempApp } from '../../../helpers/temp-app';

test('at the app root, in src/ for a src/pages app, and none', () => {
  const root = tempApp({ 'middleware.ts': 'export function middleware() {}', 'pages/index.tsx': 'export default () => null;' }, 'stratus-mw-');
  expect(findMiddleware(root)).toBe(path.join(root, 'middleware.ts'));
  const src = tempApp({ 'src/middleware.js': 'export function middleware() {}', 'src/pages/index.js': 'export default () => null;' }, 'stratus-mw-');
  expect(findMiddleware(src)).toBe(path.join(src, 'src', 'middleware.js'));
  const none = tempApp({ 'pages/index.tsx': 'export default () => null;' }, 'stratus-mw-');
  expect(findMiddleware(none)).toBeUndefined();
});

test('instrumentation-client: at the app root, in src/, src/ first when both have one (as Next resolves it), and none', () => {
  const root = tempApp({ 'instrumentation-client.ts': 'export {};', 'pages/index.tsx': 'export default () => null;' }, 'stratus-ic-');
  expect(findInstrumentationClient(root)).toBe(path.join(root, 'instrumentation-client.ts'));
  const src = tempApp({ 'src/instrumentation-client.jsx': 'export {};', 'src/pages/index.js': 'export default () => null;' }, 'stratus-ic-');
  expect(findInstrumentationClient(src)).toBe(path.join(src, 'src', 'instrumentation-client.jsx'));
  const both = tempApp({ 'instrumentation-client.js': 'export {};', 'src/instrumentation-client.tsx': 'export {};', 'pages/index.js': 'export default () => null;' }, 'stratus-ic-');
  expect(findInstrumentationClient(both)).toBe(path.join(both, 'src', 'instrumentation-client.tsx'));
  // The server's instrumentation.ts is another file.
  const server = tempApp({ 'instrumentation.ts': 'export function register() {}', 'pages/index.tsx': 'export default () => null;' }, 'stratus-ic-');
  expect(findInstrumentationClient(server)).toBeUndefined();
});
