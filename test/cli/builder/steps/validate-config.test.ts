/** validateConfig: the one check of a config object, through the schema, with warnings in the order written. */
import { validateConfig } from '../../../../cli/builder/steps/validate-config';

test('next.config: i18n read by its nested names, what Stratus does not act on said in order', async () => {
  const { config, warnings } = await validateConfig(
    { i18n: { locales: ['en', 'fr'], defaultLocale: 'fr', localeDetection: false }, assetPrefix: '/cdn', compress: true, basePath: '/docs' },
    'next.config.js', 'next', false,
  );
  expect(config).toMatchObject({ locales: ['en', 'fr'], defaultLocale: 'fr', i18n: true, routing: { basePath: '/docs' } });
  expect(warnings).toEqual([
    'next.config.js: i18n.localeDetection false is not supported yet; / still sends visitors to the locale their browser prefers',
    'next.config.js: assetPrefix is not supported: assets are served from /_app/static on the site',
    'next.config.js: compress has no effect in Stratus (it builds with its own bundler and serves with its own functions)',
  ]);
});

test('stratus.config: next.config names are pointed at their Stratus spelling', async () => {
  const { warnings } = await validateConfig({ i18n: { locales: ['en'] }, swcMinify: true }, 'stratus.config.ts', 'stratus', false);
  expect(warnings).toEqual([
    'stratus.config.ts: unknown option "i18n", ignored (a next.config option: write locales and defaultLocale at the top level)',
    'stratus.config.ts: unknown option "swcMinify", ignored (a next.config option: no effect in Stratus)',
  ]);
});

test('errors name the file once and keep their code: a value, a rule, and the app’s own rule function throwing', async () => {
  await expect(validateConfig({ env: { A: 1 } }, 'stratus.config.ts', 'stratus', false)).rejects.toThrow(
    expect.objectContaining({ code: 'CONFIG_INVALID', file: 'stratus.config.ts', message: 'stratus.config.ts: env.A must be a string, got number.' }),
  );
  await expect(validateConfig({ redirects: async () => [{ source: 'x' }] }, 'stratus.config.ts', 'stratus', false)).rejects.toThrow(
    expect.objectContaining({ code: 'ROUTING_RULE_INVALID', file: 'stratus.config.ts' }),
  );
  await expect(validateConfig({ rewrites: async () => { throw new Error('the CMS is down'); } }, 'next.config.js', 'next', false)).rejects.toThrow(
    expect.objectContaining({ code: 'CONFIG_INVALID', message: 'next.config.js: the CMS is down' }),
  );
});
