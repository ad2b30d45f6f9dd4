/** The config schema: each key once, and what is derived from it (defaults, known keys, the type). */
import type { StratusConfig } from '../../contract/config';
import { CONFIG_KEYS, CONFIG_SCHEMA, ConfigError, NEXT_ONLY, resolveConfig } from '../../contract/config-schema';

test('every key has a next.config name and a default its own check accepts', () => {
  const nextNames = new Set<string>();
  for (const name of CONFIG_KEYS) {
    const spec = CONFIG_SCHEMA[name];
    expect(spec.next).toMatch(/^[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z]+)?$/);
    nextNames.add(spec.next);
    const warnings: string[] = [];
    if (spec.default !== undefined) expect(spec.check(spec.default, (m) => warnings.push(m))).toEqual(spec.default);
    expect(warnings).toEqual([]);
    // A next.config key is either read (by one schema key) or said not to be, never both.
    expect(spec.next in NEXT_ONLY).toBe(false);
  }
  expect(nextNames.size).toBe(CONFIG_KEYS.length);
});

test('StratusConfig has exactly the schema keys', () => {
  // Compiles only while every key of the type is a schema key and the other way round.
  const every: Required<StratusConfig> = {
    basePath: '/docs', trailingSlash: true, skipTrailingSlashRedirect: false, redirects: () => [], rewrites: () => [], headers: () => [], locales: ['en'], defaultLocale: 'en',
    images: {}, env: {}, pageExtensions: ['tsx'], pageBodies: false, serverExternalPackages: ['pdfkit'], typescript: { ignoreBuildErrors: false }, compiler: {}, sassOptions: {}, turbopack: {}, reactCompiler: false, reactStrictMode: true,
  };
  expect(Object.keys(every).sort()).toEqual([...CONFIG_KEYS].sort());
});

test('a wrong value is a ConfigError saying what was expected; defaults come from the schema', () => {
  const noWarning = () => undefined;
  expect(() => CONFIG_SCHEMA.pageBodies.check('no', noWarning)).toThrow(new ConfigError('pageBodies must be true or false, got "no".'));
  expect(() => CONFIG_SCHEMA.locales.check(['en', 'not a tag'], noWarning)).toThrow(/locale "not a tag" cannot be a path's first segment/);
  expect(() => CONFIG_SCHEMA.basePath.check('/docs/', noWarning)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  expect(() => resolveConfig({ locales: ['en'], defaultLocale: 'fr' })).toThrow(/defaultLocale "fr" is not in locales \[en\]/);
  expect(resolveConfig({}).locales).toEqual(CONFIG_SCHEMA.locales.default);
});

test('any locale name a path segment can carry, as the pages router takes any string: default (the prefix-every-locale trick), fr-CA, en_US', () => {
  expect(resolveConfig({ locales: ['default', 'en', 'fr-CA', 'en_US'], defaultLocale: 'default' })).toMatchObject({ locales: ['default', 'en', 'fr-CA', 'en_US'], defaultLocale: 'default', i18n: true });
});

test('a locale that cannot be a path segment, or one listed twice, is refused with the fix', () => {
  const noWarning = () => undefined;
  expect(() => CONFIG_SCHEMA.locales.check(['en', 'fr/CA'], noWarning)).toThrow('locale "fr/CA" cannot be a path\'s first segment: use a language tag such as "en" or "fr-CA"');
  expect(() => CONFIG_SCHEMA.locales.check(['en', ''], noWarning)).toThrow(/locale "" cannot be/);
  expect(() => CONFIG_SCHEMA.locales.check(['en', 'en'], noWarning)).toThrow('locale "en" is listed twice in locales; list each once.');
  expect(CONFIG_SCHEMA.locales.check(['default', 'en', 'fr-CA', 'en_US'], noWarning)).toEqual(['default', 'en', 'fr-CA', 'en_US']);
});

test('turbopack: rules, resolveAlias and resolveExtensions are read; a wrong shape says what a rule is; root and debugIds have no effect and say so', () => {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const rules = { '*.svg': { loaders: ['@svgr/webpack'], as: '*.js' }, '*.md': ['raw-loader'], '*.txt': [{ condition: 'browser', loaders: [{ loader: 'x', options: { a: 1 } }] }] };
  expect(CONFIG_SCHEMA.turbopack.check({ rules, resolveExtensions: ['.mdx', '.tsx'], root: '/x', debugIds: true }, warn)).toEqual({ rules, resolveExtensions: ['.mdx', '.tsx'] });
  expect(warnings).toEqual([expect.stringMatching(/^turbopack\.root has no effect in Stratus/), expect.stringMatching(/^turbopack\.debugIds has no effect in Stratus/)]);
  expect(() => CONFIG_SCHEMA.turbopack.check({ rules: { '*.svg': { loader: ['@svgr/webpack'] } } }, warn)).toThrow('turbopack.rules["*.svg"]: unknown key "loader" (a rule has loaders, as, type and condition).');
  expect(() => CONFIG_SCHEMA.turbopack.check({ rules: { '*.svg': { loaders: '@svgr/webpack' } } }, warn)).toThrow(/turbopack\.rules\["\*\.svg"\]\.loaders must be a list of loader names/);
  expect(() => CONFIG_SCHEMA.turbopack.check({ rules: { '*.svg': { loaders: [], as: 'js' } } }, warn)).toThrow(/\.as must be a file kind such as "\*\.js"/);
  expect(() => CONFIG_SCHEMA.turbopack.check({ resolveExtensions: ['mdx'] }, warn)).toThrow(/resolveExtensions must be an array of extensions/);
});

test('compiler.define and defineServer: names code can use, each to a string (or a number or boolean); anything else says what is expected', () => {
  const check = (value: unknown) => CONFIG_SCHEMA.compiler.check(value, () => undefined);
  expect(check({ define: { 'process.env.API_URL': 'https://api.example.com', VERSION: 3 }, defineServer: { DEBUG: false } })).toEqual({
    define: { 'process.env.API_URL': 'https://api.example.com', VERSION: 3 },
    defineServer: { DEBUG: false },
  });
  expect(() => check({ define: ['API_URL'] })).toThrow(/compiler\.define must be an object of names and values/);
  expect(() => check({ define: { 'api-url': 'x' } })).toThrow(/compiler\.define: "api-url" is not a name code can use/);
  expect(() => check({ defineServer: { 'process..env': 'x' } })).toThrow(/is not a name code can use/);
  expect(() => check({ define: { API: { nested: true } } })).toThrow(/compiler\.define\.API must be a string/);
});
