/**
 * The one check of an app's config file as written (`stratus.config.ts`, or a pages-router
 * app's `next.config.js`): every key read through the config schema
 * (contract/config-schema.ts), a warning for every key Stratus does not act on saying what
 * happens instead (an option is never ignored in silence), the routing rules settled
 * (routing-rules.ts), and the defaults filled in. Throws ConfigError or RoutingRuleError,
 * naming the file.
 */
import type { ResolvedConfig, StratusConfig } from '../../../contract/config';
import { CONFIG_SCHEMA, ConfigError, NEXT_ONLY, NO_EFFECT, resolveConfig, ROUTING_KEYS, type CompilerOptions, type ConfigKeyName, type SassOptions, type TurbopackOptions, type TypescriptOptions } from '../../../contract/config-schema';
import { isStratusError, StratusError } from '../../../contract/errors';
import { resolveRouting, type RoutingInput } from './routing-rules';

export interface ValidatedConfig {
  config: ResolvedConfig;
  /** `env` of the config: inlined as `process.env.NAME` into server and browser code. */
  env: Record<string, string>;
  /** `pageExtensions` of the config (build only: which files of `pages/` are pages); absent for the default. */
  pageExtensions?: string[];
  /** `typescript` of the config (build only: the type check); absent when not written. */
  typescript?: TypescriptOptions;
  /** `compiler` of the config (build only: source transforms); absent when not written. */
  compiler?: CompilerOptions;
  /** `sassOptions` of the config (build only: how Sass files compile); absent when not written. */
  sassOptions?: SassOptions;
  /** `turbopack` of the config (build only: loader rules, aliases, extensions); absent when not written. */
  turbopack?: TurbopackOptions;
  /** `reactStrictMode` of the config (`stratus dev` only); absent when not true. */
  reactStrictMode?: true;
  /** `serverExternalPackages` of the config (build only: packages the render function requires at run time); absent when none. */
  serverExternalPackages?: string[];
  /** `images.loaderFile` of the config (build only), relative to the app; absent when not written. */
  imageLoaderFile?: string;
  warnings: string[];
}

/** Which file the object came from: Stratus's own names, or next.config's (`i18n.locales`). */
export type ConfigSource = 'stratus' | 'next';

const ROUTING = new Set<string>(ROUTING_KEYS);

/** Schema keys by their name in next.config (`i18n.locales` → `locales`). */
const BY_NEXT_NAME = new Map<string, ConfigKeyName>(Object.entries(CONFIG_SCHEMA).map(([name, spec]) => [spec.next, name as ConfigKeyName]));

/** A next.config-only key's message, when it has one for this value. */
function nextOnly(name: string, value: unknown): string | undefined {
  const said = NEXT_ONLY[name];
  return typeof said === 'function' ? said(value) : said;
}

/** A next.config-only key's message as an aside in a stratus.config warning: "not supported: …". */
function aside(said: string): string {
  return said === NO_EFFECT ? 'no effect in Stratus' : said.replace(/^is /, '');
}

/** The object's keys as schema keys and their values, in the order written (warnings too); next.config's nested `i18n` is read by its dotted names. */
function* entriesOf(raw: Record<string, unknown>, source: ConfigSource, warn: (message: string) => void): Generator<[ConfigKeyName, unknown]> {
  for (const [name, value] of Object.entries(raw)) {
    const known = source === 'stratus' ? (name in CONFIG_SCHEMA ? (name as ConfigKeyName) : undefined) : BY_NEXT_NAME.get(name);
    if (known) {
      yield [known, value];
    } else if (source === 'next' && name === 'i18n' && value && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) {
        const nested = BY_NEXT_NAME.get(`i18n.${inner}`);
        if (nested) yield [nested, innerValue];
        else {
          const said = nextOnly(`i18n.${inner}`, innerValue);
          if (said) warn(`i18n.${inner} ${said}`);
        }
      }
    } else if (source === 'next') {
      const said = nextOnly(name, value);
      warn(said ? `${name} ${said}` : `unknown option "${name}", ignored`);
    } else {
      // A next.config option written in stratus.config.ts: say what it is.
      const nested = [...BY_NEXT_NAME.keys()].filter((next) => next.startsWith(`${name}.`)).map((next) => BY_NEXT_NAME.get(next)!);
      const said = nested.length > 0 ? `write ${nested.join(' and ')} at the top level` : name in NEXT_ONLY ? aside(nextOnly(name, value) ?? NO_EFFECT) : undefined;
      warn(`unknown option "${name}", ignored${said ? ` (a next.config option: ${said})` : ''}`);
    }
  }
}

/**
 * @example
 * await validateConfig({ locales: ['en', 'fr'], trailingSlash: true }, 'stratus.config.ts', 'stratus', false);
 * // { config: { locales: ['en', 'fr'], defaultLocale: 'en', routing: { trailingSlash: true, … }, … }, env: {}, warnings: [] }
 */
export async function validateConfig(raw: Record<string, unknown>, file: string | undefined, source: ConfigSource, middleware: boolean): Promise<ValidatedConfig> {
  const warnings: string[] = [];
  const prefix = file ? `${file}: ` : '';
  const warn = (message: string) => warnings.push(prefix + message);
  const checked: Partial<Record<ConfigKeyName, unknown>> = {};
  const routing: RoutingInput = {};
  try {
    for (const [name, value] of entriesOf(raw, source, warn)) {
      // The routing keys are checked with their rules, by the routing step (the same schema checks).
      if (ROUTING.has(name)) routing[name as keyof RoutingInput] = value;
      else if (value !== undefined) checked[name] = CONFIG_SCHEMA[name].check(value, warn);
    }
    const resolvedRouting = await resolveRouting(routing, middleware);
    const { env, pageExtensions, typescript, compiler, sassOptions, turbopack, reactCompiler, reactStrictMode, serverExternalPackages, ...config } = checked as StratusConfig;
    return {
      config: { ...resolveConfig(config), ...(resolvedRouting ? { routing: resolvedRouting } : {}) },
      env: env ?? {},
      ...(pageExtensions ? { pageExtensions } : {}),
      ...(typescript ? { typescript } : {}),
      // reactCompiler is top-level in next.config; it runs with the compiler options' transforms.
      ...(compiler || reactCompiler ? { compiler: { ...compiler, ...(reactCompiler ? { reactCompiler } : {}) } } : {}),
      ...(sassOptions ? { sassOptions } : {}),
      ...(turbopack ? { turbopack } : {}),
      ...(reactStrictMode ? { reactStrictMode: true as const } : {}),
      ...(serverExternalPackages?.length ? { serverExternalPackages } : {}),
      ...(config.images?.loaderFile ? { imageLoaderFile: config.images.loaderFile } : {}),
      warnings,
    };
  } catch (error) {
    if (!file) throw error;
    // One file named, once: the checks say what is wrong with the value.
    if (isStratusError(error)) throw error.file ? error : new StratusError(error.code, `${file}: ${error.message}`, { file, hint: error.hint, cause: error });
    // The app's own redirects(), rewrites() or headers() threw.
    throw new ConfigError((error as Error)?.message ?? String(error), file);
  }
}
