/**
 * The dev build's transform of the app's modules (cli/dev/refresh-plugin.ts): React Refresh's
 * registrations under the module's id, a page without its data functions, the config's
 * compiler transforms first, a client hash that a data-function edit leaves alone, and
 * `// @refresh reset`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { refreshPlugin } from '../../../cli/dev/refresh-plugin';
import { tempApp } from '../../helpers/temp-app';

const PAGE = (data: string) => `import { useState } from 'react';
import { readFileSync } from 'node:fs';
export default function Counter() {
  const [count, setCount] = useState(0);
  return <button data-test="x" onClick={() => setCount(count + 1)}>{count}</button>;
}
export function getStaticProps() { return { props: { ${data}: readFileSync('x', 'utf8') } }; }
`;

async function transformed(app: string, compile?: (file: string, source: string) => string) {
  const { plugin, versions } = refreshPlugin({ appDir: app, pagesDir: path.join(app, 'pages'), compile });
  const result = await build({
    entryPoints: [path.join(app, 'pages', 'counter.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    external: ['react', 'react/*', 'node:fs'],
    plugins: [plugin],
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, version: versions.get(path.join(app, 'pages', 'counter.tsx'))! };
}

test("registers the page's component under its id, with its hooks' signature, and drops its data functions", async () => {
  const app = tempApp({ 'pages/counter.tsx': PAGE('a') });
  const { code, version } = await transformed(app);
  expect(version.id).toBe('pages/counter.tsx');
  expect(code).toMatch(/\$RefreshReg\$\w*\(_c\w*, "Counter"\)/);
  expect(code).toContain('register(type, "pages/counter.tsx " + name)');
  expect(code).toMatch(/_s\w*\(Counter, "[^"]+"\)/); // the signature of useState
  expect(code).toContain('jsxDEV');
  expect(code).not.toContain('getStaticProps');
  expect(code).not.toContain('readFileSync');
});

test('`// @refresh reset` anywhere in a file signs its components to remount on every edit; without it they keep their state', async () => {
  const reset = tempApp({ 'pages/counter.tsx': `import { useState } from 'react';\n\n// @refresh reset\n${PAGE('a').split('\n').slice(1).join('\n')}` });
  expect((await transformed(reset)).code).toMatch(/_s\w*\(Counter, "[^"]+", true\)/);
  const kept = tempApp({ 'pages/counter.tsx': PAGE('a') });
  expect((await transformed(kept)).code).toMatch(/_s\w*\(Counter, "[^"]+"\)/);
});

test('a change to a data function alone leaves the code the browser runs as it was', async () => {
  const app = tempApp({ 'pages/counter.tsx': PAGE('a') });
  const before = (await transformed(app)).version;
  writeFileSync(path.join(app, 'pages', 'counter.tsx'), PAGE('bee'));
  const after = (await transformed(app)).version;
  expect(after.sourceHash).not.toBe(before.sourceHash);
  expect(after.clientHash).toBe(before.clientHash);
});

test("the config's compiler transforms run first, as in stratus build", async () => {
  const app = tempApp({ 'pages/counter.tsx': PAGE('a') });
  const { code } = await transformed(app, (_file, source) => source.replace(' data-test="x"', ''));
  expect(code).not.toContain('data-test');
});
