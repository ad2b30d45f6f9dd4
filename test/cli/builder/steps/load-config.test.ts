import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../../../cli/builder/build';
import { loadConfig } from '../../../../cli/builder/steps/load-config';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

const appWith = (files: Record<string, string>) => tempApp(files, 'stratus-config-');
const load = (dir: string) => loadConfig(dir, path.join(dir, '.cache'));

test('next.config.js: i18n, images (domains included) and env are read; every other option is a warning saying what happens', async () => {
  const dir = appWith({
    'next.config.js': `module.exports = {
      reactStrictMode: true,
      i18n: { locales: ['en', 'de'], defaultLocale: 'de' },
      images: { domains: ['cdn.example.com'], deviceSizes: [400, 800], unoptimized: false, loader: 'imgix', qualities: [50, 75] },
      env: { API_URL: 'https://api.example' },
      async redirects() { return [{ source: '/old', destination: '/new', permanent: true }]; },
      trailingSlash: true,
      webpack: (config) => config,
      somethingElse: 1,
    };`,
  });
  const loaded = await load(dir);
  expect(loaded.file).toBe('next.config.js');
  expect(loaded.config).toMatchObject({ locales: ['en', 'de'], defaultLocale: 'de', images: { deviceSizes: [400, 800], remotePatterns: [{ hostname: 'cdn.example.com' }] } });
  expect({ ...loaded.env }).toEqual({ API_URL: 'https://api.example' });
  // The routing options are read like stratus.config.ts's (docs/ROUTING.md).
  expect(loaded.config.routing).toMatchObject({ trailingSlash: true, redirects: [{ source: '/old', destination: '/new', statusCode: 308 }] });
  // images.qualities is read as Next 16 reads it: the qualities the image function answers.
  expect(loaded.config.images).toMatchObject({ qualities: [50, 75], quality: 75 });
  // images.unoptimized is read (false: nothing to record).
  expect(loaded.config.images.unoptimized).toBeUndefined();
  // reactStrictMode is read (stratus dev wraps the app in StrictMode), not warned away.
  expect(loaded.reactStrictMode).toBe(true);
  expect(loaded.warnings).toEqual([
    "next.config.js: images.loader: 'imgix' is not supported; write its URLs in a loaderFile (images: { loader: 'custom', loaderFile: './image-loader.js' })",
    'next.config.js: webpack has no effect in Stratus (it builds with its own bundler and serves with its own functions); what it does with loaders and aliases goes in turbopack.rules and turbopack.resolveAlias, which Stratus runs',
    'next.config.js: unknown option "somethingElse", ignored',
  ]);
});

test('next.config.mjs written as a function of the phase, importing next/constants', async () => {
  const dir = appWith({
    'next.config.mjs': `import { PHASE_PRODUCTION_BUILD } from 'next/constants';
      export default (phase) => ({ i18n: { locales: [phase === PHASE_PRODUCTION_BUILD ? 'fr' : 'xx'], defaultLocale: 'fr' } });`,
  });
  expect((await load(dir)).config.locales).toEqual(['fr']);
});

test("a config sees the paths it would in place: __dirname and __filename (CommonJS), import.meta.url (the ESM idiom); a file's own __dirname wins", async () => {
  const esm = appWith({
    'next.config.mjs': `import path from 'node:path';
      import { fileURLToPath } from 'node:url';
      const __dirname = path.dirname(fileURLToPath(import.meta.url));
      export default { env: { DIR: __dirname, STYLES: path.join(__dirname, 'styles'), META_DIR: import.meta.dirname } };`,
  });
  expect({ ...(await load(esm)).env }).toEqual({ DIR: esm, STYLES: path.join(esm, 'styles'), META_DIR: esm });
  const cjs = appWith({ 'next.config.js': "const path = require('path');\nmodule.exports = { env: { DIR: __dirname, FILE: path.basename(__filename) } };" });
  expect({ ...(await load(cjs)).env }).toEqual({ DIR: cjs, FILE: 'next.config.js' });
});

test('stratus.config.ts: an unknown key is a warning, and a next.config option is named as such', async () => {
  const dir = appWith({ 'stratus.config.ts': "export default { locales: ['en'], assetPrefix: '/cdn', colour: 'blue' };" });
  expect((await load(dir)).warnings).toEqual([
    'stratus.config.ts: unknown option "assetPrefix", ignored (a next.config option: not supported: assets are served from /_app/static on the site)',
    'stratus.config.ts: unknown option "colour", ignored',
  ]);
});

test('stratus.config.ts: pageBodies false reaches the build\'s config; anything but a boolean is refused with the file named', async () => {
  const off = await load(appWith({ 'stratus.config.ts': 'export default { pageBodies: false };' }));
  expect(off.config.pageBodies).toBe(false);
  expect(off.warnings).toEqual([]);
  expect((await load(appWith({ 'stratus.config.ts': 'export default { pageBodies: true };' }))).config).not.toHaveProperty('pageBodies');
  await expect(load(appWith({ 'stratus.config.ts': "export default { pageBodies: 'no' };" }))).rejects.toThrow(/^stratus\.config\.ts: pageBodies must be true or false, got "no"\./);
  // A pages-router app keeps its next.config.js: the option is read there too.
  const next = await load(appWith({ 'next.config.js': 'module.exports = { pageBodies: false };' }));
  expect(next.config.pageBodies).toBe(false);
  expect(next.warnings).toEqual([]);
});

test('both config files: an error saying which would win and what to do', async () => {
  const dir = appWith({ 'stratus.config.ts': 'export default {};', 'next.config.js': 'module.exports = {};' });
  await expect(load(dir)).rejects.toThrow(/stratus\.config\.ts and next\.config\.js are both in .*: Stratus reads one config file\. Keep stratus\.config\.ts \(it would win\)/);
});

test("options Next reads that Stratus has no use for say so, not that they are unknown (outputFileTracingRoot, skipProxyUrlNormalize); serverExternalPackages, which @sentry/nextjs sets, is taken", async () => {
  const dir = appWith({ 'next.config.js': "module.exports = { serverExternalPackages: ['@prisma/client'], outputFileTracingRoot: __dirname, skipProxyUrlNormalize: true };" });
  const loaded = await load(dir);
  expect(loaded.serverExternalPackages).toEqual(['@prisma/client']);
  await expect(load(appWith({ 'next.config.js': "module.exports = { serverExternalPackages: 'pdfkit' };" }))).rejects.toThrow(
    /^next\.config\.js: serverExternalPackages must be an array of package names, such as \['pdfkit', '@scope\/name'\]; got "pdfkit"\./,
  );
  expect(loaded.warnings).toEqual([
    'next.config.js: outputFileTracingRoot has no effect in Stratus (it builds with its own bundler and serves with its own functions)',
    'next.config.js: skipProxyUrlNormalize is not supported: middleware sees the path the router serves (page data as its page path), as every gate in Stratus does',
  ]);
});

test('a bad value names the file', async () => {
  const dir = appWith({ 'next.config.js': "module.exports = { i18n: { locales: ['en'], defaultLocale: 'fr' } };" });
  await expect(load(dir)).rejects.toThrow(/^next\.config\.js: defaultLocale "fr" is not in locales \[en\]/);
});

test('a build prints the warnings and inlines the config env', async () => {
  const dir = appWith({
    'next.config.js': "module.exports = { env: { GREETING: 'bonjour' }, poweredByHeader: false };",
    'pages/index.jsx': 'export default function Home() { return <p>{process.env.GREETING}</p>; }',
  });
  const lines: string[] = [];
  await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false, log: (l) => lines.push(l) });
  expect(lines).toContain('  warning: next.config.js: poweredByHeader has no effect in Stratus (it builds with its own bundler and serves with its own functions)');
  expect(prerenderedHtml(path.join(dir, '.stratus'), '/')).toContain('<p>bonjour</p>');
});
