/**
 * `turbopack.resolveAlias` and `resolveExtensions`, as `next build` resolves imports with
 * them: a package for another (and what is below it), a path in the app, a value per bundle
 * (`browser` for the browser's, `default` for the server's), and the app's extensions tried
 * first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

test('aliases and extensions reach both bundles; a value by condition gives each bundle its own', async () => {
  const dir = tempApp({
    'next.config.js': `module.exports = { turbopack: {
  resolveAlias: { 'old-name': 'new-name', '@shim': './lib/shim.js', where: { browser: './lib/browser.js', default: './lib/server.js' } },
  resolveExtensions: ['.web.js', '.tsx', '.ts', '.jsx', '.js'],
} };
`,
    'node_modules/new-name/package.json': '{ "name": "new-name", "main": "index.js" }\n',
    'node_modules/new-name/index.js': "module.exports = 'from new-name';\n",
    'node_modules/new-name/deep.js': "module.exports = 'deep in new-name';\n",
    'lib/shim.js': "export default 'from the shim';\n",
    'lib/browser.js': "export default 'browser-side';\n",
    'lib/server.js': "export default 'server-side';\n",
    'lib/thing.web.js': "export default 'the web file';\n",
    'lib/thing.js': "export default 'the plain file';\n",
    'pages/index.js':
      "import name from 'old-name';\nimport deep from 'old-name/deep';\nimport shim from '@shim';\nimport where from 'where';\nimport thing from '../lib/thing';\n" +
      'export default function Home() { return <main><p>{name}</p><p>{deep}</p><p>{shim}</p><p id="where">{where}</p><p>{thing}</p></main>; }\n',
  });
  const { outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const html = prerenderedHtml(outDir, '/');
  for (const text of ['from new-name', 'deep in new-name', 'from the shim', 'the web file']) expect(html).toContain(`<p>${text}</p>`);
  expect(html).toContain('<p id="where">server-side</p>');
  const staticDir = path.join(outDir, 'assets/_app/static');
  const browserCode = readdirSync(staticDir, { recursive: true }).map(String).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(staticDir, f), 'utf8')).join('\n');
  expect(browserCode).toContain('browser-side');
  expect(browserCode).not.toContain('server-side');
  expect(browserCode).not.toContain('the plain file');
});
