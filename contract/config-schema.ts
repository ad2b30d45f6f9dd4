/**
 * The app's config, one entry per key: its type (what `check` returns), its default, its
 * check with the message a wrong value gets, and its name in a pages-router app's
 * `next.config.js`; beside it, the next.config keys Stratus does not act on and what
 * happens instead. Derived from it: the `StratusConfig` type users write (contract/config.ts),
 * the known keys, the defaults (`resolveConfig`) and the warnings. The build calls one
 * `validateConfig` (cli/builder/steps/validate-config.ts), which reads every key through
 * this table.
 *
 * Server and build only: the browser runtime reads contract/config.ts, never this file.
 */
import { StratusError } from './errors';
import { closestQuality, DEFAULT_DEVICE_SIZES, DEFAULT_IMAGE_QUALITY, DEFAULT_IMAGE_SIZES, type ImageConfig, type RemotePattern, type ResolvedConfig, type StratusConfig } from './config';
import type { HeaderRule, Redirect, Rewrite, RewriteGroups } from './routing';

/** A config value that cannot work: the message names the file and the key, and says what to write. */
export class ConfigError extends StratusError {
  constructor(message: string, file?: string) {
    super('CONFIG_INVALID', file ? `${file}: ${message}` : message, file ? { file } : {});
    this.name = 'ConfigError';
  }
}

/** One key of the config. */
export interface ConfigKey<T> {
  /** Its name in `next.config.js` (`i18n.locales` for a nested one); Stratus's own keys are read there under their own name. */
  next: string;
  /** What an app gets without it; undefined: nothing (the build does without, or derives it from another key). */
  default: T | undefined;
  /**
   * The value as the build uses it, from what was written (never undefined). Throws
   * ConfigError saying what was expected; `warn` names what it takes but does not act on.
   */
  check(value: unknown, warn: (message: string) => void): T;
}

const key = <T>(spec: ConfigKey<T>): ConfigKey<T> => spec;

/** The pages router's default `pageExtensions`. */
export const DEFAULT_PAGE_EXTENSIONS = ['tsx', 'ts', 'jsx', 'js'];
/** What the bundler compiles: a page extension must end in one of these. */
export const COMPILED_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];
/** Sub-keys of `images` read as written. */
const IMAGE_KEYS = new Set(['deviceSizes', 'imageSizes', 'quality', 'qualities', 'formats', 'remotePatterns', 'minimumCacheTTL', 'dangerouslyAllowSVG']);
/**
 * A locale: any name a path's first segment can carry, as the pages router takes any
 * string: language tags (`fr-CA`), and names such as `default`, the documented trick for
 * prefixing every locale.
 */
const LOCALE_NAME = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

function booleanKey(name: string, fallback: boolean): ConfigKey<boolean> {
  return key<boolean>({
    next: name,
    default: fallback,
    check(value) {
      if (typeof value !== 'boolean') throw new ConfigError(`${name} must be true or false, got ${JSON.stringify(value)}.`);
      return value;
    },
  });
}

/** redirects(), rewrites(), headers(): functions the build calls; their rules are checked by cli/builder/steps/routing-rules.ts. */
function ruleFunction<T>(name: string): ConfigKey<() => T | Promise<T>> {
  return key({
    next: name,
    default: undefined,
    check(value) {
      if (typeof value !== 'function') throw new ConfigError(`${name} must be an async function returning an array of rules, e.g. async ${name}() { return [...] }.`);
      return value as () => T | Promise<T>;
    },
  });
}

export const CONFIG_SCHEMA = {
  /** Mount the site under a path (`/docs`): every page, file and asset URL starts with it. */
  basePath: key<string>({
    next: 'basePath',
    default: '',
    check(value) {
      if (value === '') return '';
      if (typeof value !== 'string' || !/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(value) || value.endsWith('/') || value.includes('//')) {
        throw new ConfigError(`basePath must be a path such as "/docs": starting with "/", not ending with one (got ${JSON.stringify(value)}).`);
      }
      if (value.startsWith('/_app') || value === '/api' || value.startsWith('/api/')) throw new ConfigError(`basePath "${value}" collides with the framework's /_app paths or the API routes.`);
      return value;
    },
  }),
  /** True: `/about/` is the canonical URL and `/about` answers 308 to it. @default false (the other way round) */
  trailingSlash: booleanKey('trailingSlash', false),
  /** True: neither spelling of a page's URL is redirected to the other; both answer, and Link keeps the slash as written (for apps whose middleware settles it). @default false */
  skipTrailingSlashRedirect: booleanKey('skipTrailingSlashRedirect', false),
  /** Redirects answered before anything else (docs/ROUTING.md). */
  redirects: ruleFunction<Redirect[]>('redirects'),
  /** Paths served from another path or origin: an array (afterFiles), or the three groups. */
  rewrites: ruleFunction<Rewrite[] | Partial<RewriteGroups>>('rewrites'),
  /** Response headers by path. */
  headers: ruleFunction<HeaderRule[]>('headers'),
  /** The site's locales, as language tags (`['en', 'fr-CA']`); the first is the default unless `defaultLocale` says. @default ['en'] (and the router's locale fields undefined) */
  locales: key<string[]>({
    next: 'i18n.locales',
    default: ['en'],
    check(value) {
      if (!Array.isArray(value)) throw new ConfigError(`locales must be an array of language tags such as ['en', 'fr'], got ${JSON.stringify(value)}.`);
      const seen = new Set<string>();
      for (const locale of value) {
        if (typeof locale !== 'string' || !LOCALE_NAME.test(locale)) {
          throw new ConfigError(`locale ${JSON.stringify(locale)} cannot be a path's first segment: use a language tag such as "en" or "fr-CA" (letters, digits, "-", "_", ".", "~").`);
        }
        if (seen.has(locale)) throw new ConfigError(`locale "${locale}" is listed twice in locales; list each once.`);
        seen.add(locale);
      }
      return [...value];
    },
  }),
  /** The locale whose paths carry no prefix. @default the first of `locales` */
  defaultLocale: key<string>({
    next: 'i18n.defaultLocale',
    default: undefined,
    check(value) {
      if (typeof value !== 'string') throw new ConfigError(`defaultLocale must be one of the locales, as a string; got ${JSON.stringify(value)}.`);
      return value;
    },
  }),
  /** `<Image>` and the image function: widths, quality, formats, allowed remote hosts. */
  images: key<ImageConfig>({
    next: 'images',
    default: {},
    check(value, warn) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`images must be an object (deviceSizes, imageSizes, quality, formats, remotePatterns, …), got ${JSON.stringify(value)}.`);
      const out: ImageConfig = {};
      for (const [name, option] of Object.entries(value)) {
        if (IMAGE_KEYS.has(name)) (out as Record<string, unknown>)[name] = option;
        else if (name === 'domains' && Array.isArray(option)) {
          // Deprecated in the pages router in favour of remotePatterns; it means the same thing.
          out.remotePatterns = [...(out.remotePatterns ?? []), ...option.map((hostname): RemotePattern => ({ hostname: String(hostname) }))];
        } else if (name === 'unoptimized') {
          if (typeof option !== 'boolean') throw new ConfigError(`images.unoptimized must be true or false, got ${JSON.stringify(option)}.`);
          if (option) out.unoptimized = true;
        }
        else if (name === 'loaderFile') {
          if (typeof option !== 'string' || option === '') throw new ConfigError(`images.loaderFile must be the path of a module whose default export makes an image's URL ({ src, width, quality }) => string, got ${JSON.stringify(option)}.`);
          out.loaderFile = option;
        } else if (name === 'loader') {
          // 'custom' goes with loaderFile; the built-in CDN loaders are not there.
          if (option !== 'default' && option !== 'custom') warn(`images.loader: '${String(option)}' is not supported; write its URLs in a loaderFile (images: { loader: 'custom', loaderFile: './image-loader.js' })`);
        } else if (name === 'path') warn(`images.path: not supported; images are optimised by the stack's image function at /_app/image, or by your images.loaderFile`);
        else warn(`images.${name}: unknown option, ignored`);
      }
      return out;
    },
  }),
  /** Values inlined as `process.env.NAME` into server and browser code at build time (public: they ship to browsers). */
  env: key<Record<string, string>>({
    next: 'env',
    default: {},
    check(value) {
      if (!value || typeof value !== 'object') throw new ConfigError('env must be an object of strings.');
      const env: Record<string, string> = Object.create(null);
      for (const [name, v] of Object.entries(value)) {
        if (typeof v !== 'string') throw new ConfigError(`env.${name} must be a string, got ${typeof v}.`);
        env[name] = v;
      }
      return env;
    },
  }),
  /**
   * Which files of `pages/` are pages, by the end of their name, without the leading dot
   * (build only). With `['page.tsx', 'page.ts']`, `pages/about.page.tsx` is `/about`.
   * @default ['tsx', 'ts', 'jsx', 'js']
   */
  pageExtensions: key<string[]>({
    next: 'pageExtensions',
    default: DEFAULT_PAGE_EXTENSIONS,
    check(value, warn) {
      const example = "such as ['page.tsx', 'page.ts']";
      if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string' || v.length === 0)) {
        throw new ConfigError(`pageExtensions must be a non-empty array of extensions, ${example}; got ${JSON.stringify(value)}.`);
      }
      for (const ext of value as string[]) {
        if (ext.startsWith('.')) throw new ConfigError(`pageExtensions: write "${ext.slice(1)}" without the leading dot (${example}).`);
        // Files the bundler does not compile (`mdx`) are pages only when a loader rule makes code of them: the build says so (steps/loader-pages.ts).
      }
      return [...(value as string[])];
    },
  }),
  /**
   * Whether pages take request bodies: a `getServerSideProps` page answers POST, PUT, …
   * and reads the body, as in the pages router. In AWS a body reaches the render function
   * through a Lambda@Edge signer, which then runs on every page request that reaches the
   * function, GETs included (docs/DECISIONS.md). `false` keeps pages to GET and HEAD (other
   * methods get 405 at the edge) and the signer to API routes: set it when no page reads a
   * body, and keep forms on API routes.
   * @default true
   */
  pageBodies: booleanKey('pageBodies', true),
  /**
   * Packages the render function requires at run time instead of bundling, shipped whole in
   * its `node_modules` (build only), as `next build` leaves them out of its server bundle: for
   * packages that read their own files by `__dirname`. Packages with a native addon are
   * always left out.
   * @default []
   */
  serverExternalPackages: key<string[]>({
    next: 'serverExternalPackages',
    default: [],
    check(value) {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !/^(?:@[\w.-]+\/)?[\w.-]+$/.test(v))) {
        throw new ConfigError(`serverExternalPackages must be an array of package names, such as ['pdfkit', '@scope/name']; got ${JSON.stringify(value)}.`);
      }
      return [...(value as string[])];
    },
  }),
  /** Source transforms of the app's own files, as `next build` applies them (emotion, styledComponents, removeConsole, reactRemoveProperties). */
  compiler: key<CompilerOptions>({
    next: 'compiler',
    default: {},
    check(value, warn) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`compiler must be an object ({ emotion, styledComponents, removeConsole, reactRemoveProperties }), got ${JSON.stringify(value)}.`);
      const out: CompilerOptions = {};
      for (const [name, option] of Object.entries(value)) {
        if (!COMPILER_KEYS.has(name)) {
          warn(`compiler.${name}: not supported, ignored (Stratus applies compiler.emotion, styledComponents, removeConsole, reactRemoveProperties, define and defineServer)`);
          continue;
        }
        if (option === undefined || option === false) continue;
        if (name === 'define' || name === 'defineServer') {
          (out as Record<string, unknown>)[name] = checkDefines(name, option);
          continue;
        }
        if (option !== true && (!option || typeof option !== 'object' || Array.isArray(option))) throw new ConfigError(`compiler.${name} must be true or an object of options, got ${JSON.stringify(option)}.`);
        const list = name === 'removeConsole' ? 'exclude' : name === 'reactRemoveProperties' ? 'properties' : undefined;
        const given = list && typeof option === 'object' ? (option as Record<string, unknown>)[list] : undefined;
        if (given !== undefined && (!Array.isArray(given) || given.some((item) => typeof item !== 'string'))) throw new ConfigError(`compiler.${name}.${list} must be an array of strings, got ${JSON.stringify(given)}.`);
        if (name === 'reactRemoveProperties') {
          for (const pattern of (given as string[] | undefined) ?? []) {
            try {
              new RegExp(pattern);
            } catch {
              throw new ConfigError(`compiler.reactRemoveProperties.properties: ${JSON.stringify(pattern)} is not a regular expression.`);
            }
          }
        }
        (out as Record<string, unknown>)[name] = option;
      }
      return out;
    },
  }),
  /**
   * The React Compiler on the app's own files (build only), as `next build` runs it when
   * `reactCompiler` is set: `babel-plugin-react-compiler` from the app, first of the Babel
   * transforms; `true`, or its options (`{ compilationMode: 'annotation' }`).
   */
  reactCompiler: key<boolean | Record<string, unknown>>({
    next: 'reactCompiler',
    default: false,
    check(value) {
      if (typeof value !== 'boolean' && (!value || typeof value !== 'object' || Array.isArray(value))) throw new ConfigError(`reactCompiler must be true, false or the compiler's options ({ compilationMode: 'annotation' }), got ${JSON.stringify(value)}.`);
      return value as boolean | Record<string, unknown>;
    },
  }),
  /**
   * React's `<StrictMode>` around the app in `stratus dev`, as Next wraps it: components render
   * twice and effects run, clean up and run again, to show impure code. A production build
   * is unchanged (StrictMode does nothing there), so nothing of it ships.
   * @default false
   */
  reactStrictMode: booleanKey('reactStrictMode', false),
  /**
   * Turbopack's options that change what a build makes (build only), as `next build` reads
   * them: `rules` (webpack loaders run on matching files: Tailwind's `@tailwindcss/turbopack`
   * on `*.css`, `@svgr/webpack` on `*.svg`), `resolveAlias` and `resolveExtensions`.
   */
  turbopack: key<TurbopackOptions>({
    next: 'turbopack',
    default: {},
    check(value, warn) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`turbopack must be an object ({ rules, resolveAlias, resolveExtensions }), got ${JSON.stringify(value)}.`);
      const out: TurbopackOptions = {};
      for (const [name, option] of Object.entries(value)) {
        if (name === 'rules') out.rules = checkRules(option);
        else if (name === 'resolveAlias') {
          if (!option || typeof option !== 'object' || Array.isArray(option)) throw new ConfigError(`turbopack.resolveAlias must be an object of import names and what to load instead, got ${JSON.stringify(option)}.`);
          for (const [from, to] of Object.entries(option)) {
            const ok = typeof to === 'string' || (Array.isArray(to) && to.every((t) => typeof t === 'string')) || (to && typeof to === 'object' && Object.values(to).every((t) => typeof t === 'string'));
            if (!ok) throw new ConfigError(`turbopack.resolveAlias["${from}"] must be a module name or path, a list of them, or an object by condition ({ browser: './x.js' }), got ${JSON.stringify(to)}.`);
          }
          out.resolveAlias = option as TurbopackOptions['resolveAlias'];
        } else if (name === 'resolveExtensions') {
          if (!Array.isArray(option) || option.some((ext) => typeof ext !== 'string' || !ext.startsWith('.'))) throw new ConfigError(`turbopack.resolveExtensions must be an array of extensions such as ['.mdx', '.tsx', '.ts', '.jsx', '.js'], got ${JSON.stringify(option)}.`);
          out.resolveExtensions = [...(option as string[])];
        } else warn(`turbopack.${name} ${NO_EFFECT}`);
      }
      return out;
    },
  }),
  /**
   * How Sass files are compiled (build only), as `next build` reads it: `implementation` (the
   * package, `sass` by default), `additionalData` (or `prependData`) written before each file,
   * `includePaths` (or `loadPaths`) searched by imports; the rest are Sass's own options.
   */
  sassOptions: key<SassOptions>({
    next: 'sassOptions',
    default: {},
    check(value) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`sassOptions must be an object ({ additionalData, includePaths, implementation, … }), got ${JSON.stringify(value)}.`);
      const options = value as Record<string, unknown>;
      if (options.implementation !== undefined && (typeof options.implementation !== 'string' || options.implementation === '')) {
        throw new ConfigError(`sassOptions.implementation must be a package name such as "sass-embedded", got ${JSON.stringify(options.implementation)}.`);
      }
      for (const name of ['additionalData', 'prependData']) {
        const given = options[name];
        if (given !== undefined && typeof given !== 'string' && typeof given !== 'function') throw new ConfigError(`sassOptions.${name} must be a string of Sass (such as "$accent: red;") or a function returning one, got ${JSON.stringify(given)}.`);
      }
      for (const name of ['includePaths', 'loadPaths']) {
        const given = options[name];
        if (given !== undefined && (!Array.isArray(given) || given.some((dir) => typeof dir !== 'string'))) throw new ConfigError(`sassOptions.${name} must be an array of folders, got ${JSON.stringify(given)}.`);
      }
      return { ...options } as SassOptions;
    },
  }),
  /**
   * The build's type check (`tsconfig.json` and `typescript` in the app): `ignoreBuildErrors`
   * builds despite type errors, `tsconfigPath` names another tsconfig, as under `next build`.
   */
  typescript: key<TypescriptOptions>({
    next: 'typescript',
    default: {},
    check(value, warn) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`typescript must be an object ({ ignoreBuildErrors, tsconfigPath }), got ${JSON.stringify(value)}.`);
      const out: TypescriptOptions = {};
      for (const [name, option] of Object.entries(value)) {
        if (name === 'ignoreBuildErrors') {
          if (typeof option !== 'boolean') throw new ConfigError(`typescript.ignoreBuildErrors must be true or false, got ${JSON.stringify(option)}.`);
          out.ignoreBuildErrors = option;
        } else if (name === 'tsconfigPath') {
          if (typeof option !== 'string' || option === '') throw new ConfigError(`typescript.tsconfigPath must be a path such as "tsconfig.build.json", got ${JSON.stringify(option)}.`);
          out.tsconfigPath = option;
        } else warn(`typescript.${name}: unknown option, ignored`);
      }
      return out;
    },
  }),
};

/** `compiler` of the config: source transforms the build applies to the app's own files (cli/builder/compiler-transforms.ts). */
export interface CompilerOptions {
  /** Emotion's Babel plugin (component selectors, labels): `true` or its options (`autoLabel`, `labelFormat`, `importMap`, `sourceMap`). */
  emotion?: boolean | Record<string, unknown>;
  /** styled-components' Babel plugin (SSR ids, display names): `true` or its options. */
  styledComponents?: boolean | Record<string, unknown>;
  /** Removes `console.*` calls, but those `exclude` names (`['error']`). */
  removeConsole?: boolean | { exclude?: string[] };
  /** Removes JSX properties matching `properties` (regular expressions), `^data-test` by default. */
  reactRemoveProperties?: boolean | { properties?: string[] };
  /** Names replaced in server and browser code by the value written as a string literal (`{ 'process.env.API_URL': 'https://…' }`). */
  define?: Record<string, string | number | boolean>;
  /** The same, in server code alone (pages' data functions, API routes, middleware). */
  defineServer?: Record<string, string | number | boolean>;
  /** The top-level `reactCompiler`, carried here for the transform (compiler-transforms.ts); not a key of `compiler`. */
  reactCompiler?: boolean | Record<string, unknown>;
}

/** A webpack loader of a rule: its package name or path, with options. */
export type LoaderItem = string | { loader: string; options?: Record<string, unknown> };
/** When a rule applies beyond its glob: built-in names (`browser`, `foreign`, …) and path, content and query tests, combined by all, any and not. */
export type LoaderCondition =
  | string
  | { all?: LoaderCondition[]; any?: LoaderCondition[]; not?: LoaderCondition; path?: string | RegExp; content?: RegExp; query?: string | RegExp; contentType?: string | RegExp };
/** One rule of `turbopack.rules`: the loaders, what the result is (`as: '*.js'`, or a module `type`), and a condition. */
export interface LoaderRule {
  loaders?: LoaderItem[];
  as?: string;
  type?: string;
  condition?: LoaderCondition;
}
/** `turbopack` of the config (cli/builder/loader-rules.ts). */
export interface TurbopackOptions {
  /** By glob (a file name, or a project-relative path when it holds `/`): loaders alone, a rule, or rules tried in order. */
  rules?: Record<string, LoaderItem[] | LoaderRule | LoaderRule[]>;
  resolveAlias?: Record<string, string | string[] | Record<string, string>>;
  resolveExtensions?: string[];
}

const RULE_KEYS = new Set(['loaders', 'as', 'type', 'condition']);
const isLoaderItem = (item: unknown): boolean =>
  typeof item === 'string' || (!!item && typeof item === 'object' && typeof (item as { loader?: unknown }).loader === 'string' && !('loaders' in item));

/** `turbopack.rules` as written, checked for shape: each glob's value is loaders, a rule, or a list of rules. */
function checkRules(value: unknown): NonNullable<TurbopackOptions['rules']> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`turbopack.rules must be an object of globs and loaders, such as { '*.svg': { loaders: ['@svgr/webpack'], as: '*.js' } }, got ${JSON.stringify(value)}.`);
  for (const [glob, rule] of Object.entries(value)) {
    const rules = Array.isArray(rule) && rule.every(isLoaderItem) ? [{ loaders: rule }] : Array.isArray(rule) ? rule : [rule];
    for (const one of rules) {
      if (!one || typeof one !== 'object' || Array.isArray(one)) throw new ConfigError(`turbopack.rules["${glob}"] must be a list of loaders or a rule ({ loaders, as, condition }), got ${JSON.stringify(one)}.`);
      const unknown = Object.keys(one).filter((key) => !RULE_KEYS.has(key));
      if (unknown.length > 0) throw new ConfigError(`turbopack.rules["${glob}"]: unknown key ${unknown.map((key) => `"${key}"`).join(', ')} (a rule has loaders, as, type and condition).`);
      const loaders = (one as LoaderRule).loaders;
      if (loaders !== undefined && (!Array.isArray(loaders) || !loaders.every(isLoaderItem))) throw new ConfigError(`turbopack.rules["${glob}"].loaders must be a list of loader names or { loader, options }, got ${JSON.stringify(loaders)}.`);
      const as = (one as LoaderRule).as;
      if (as !== undefined && (typeof as !== 'string' || !as.startsWith('*.'))) throw new ConfigError(`turbopack.rules["${glob}"].as must be a file kind such as "*.js" or "*.css", got ${JSON.stringify(as)}.`);
    }
  }
  return value as NonNullable<TurbopackOptions['rules']>;
}

/** `sassOptions` of the config: how Sass files compile (cli/builder/steps/load-sass.ts); keys other than these go to Sass as written. */
export interface SassOptions {
  /** The Sass package, loaded from the app (`sass`, `sass-embedded`). */
  implementation?: string;
  /** Sass written before every file (variables, mixins), or a function of the file's text and `{ resourcePath }` that returns it. */
  additionalData?: string | ((content: string, context: { resourcePath: string; rootContext: string }) => string);
  /** The older name of `additionalData`. */
  prependData?: SassOptions['additionalData'];
  /** Folders imports are searched in, relative to the app (`loadPaths` in Sass's own words). */
  includePaths?: string[];
  loadPaths?: string[];
  [option: string]: unknown;
}

const COMPILER_KEYS = new Set(['emotion', 'styledComponents', 'removeConsole', 'reactRemoveProperties', 'define', 'defineServer']);

/** A name the build can replace: an identifier, or identifiers joined by dots (`process.env.API_URL`). */
const DEFINE_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** `compiler.define` or `defineServer`: names to the text that replaces them (a string; a number or boolean is taken as its text). */
function checkDefines(option: string, value: unknown): Record<string, string | number | boolean> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`compiler.${option} must be an object of names and values ({ 'process.env.API_URL': 'https://api.example.com' }), got ${JSON.stringify(value)}.`);
  const out: Record<string, string | number | boolean> = Object.create(null);
  for (const [name, text] of Object.entries(value)) {
    if (!DEFINE_NAME.test(name)) throw new ConfigError(`compiler.${option}: ${JSON.stringify(name)} is not a name code can use (an identifier, or identifiers joined by dots such as process.env.API_URL).`);
    if (typeof text !== 'string' && typeof text !== 'number' && typeof text !== 'boolean') throw new ConfigError(`compiler.${option}.${name} must be a string, got ${JSON.stringify(text)}.`);
    out[name] = text;
  }
  return out;
}

/** `typescript` of the config: how the build type-checks the app. */
export interface TypescriptOptions {
  ignoreBuildErrors?: boolean;
  tsconfigPath?: string;
}

export type ConfigSchema = typeof CONFIG_SCHEMA;
export type ConfigKeyName = keyof ConfigSchema;

/** Every key Stratus reads, in the schema's order. */
export const CONFIG_KEYS = Object.keys(CONFIG_SCHEMA) as ConfigKeyName[];

/** The keys the routing layer settles (routing-rules.ts calls the functions and checks each rule). */
export const ROUTING_KEYS = ['basePath', 'trailingSlash', 'skipTrailingSlashRedirect', 'redirects', 'rewrites', 'headers'] as const satisfies readonly ConfigKeyName[];

/** Says nothing: a next.config key that has no effect in a Stratus build (its bundler, server and output are its own). */
export const NO_EFFECT = 'has no effect in Stratus (it builds with its own bundler and serves with its own functions)';

/**
 * next.config keys Stratus does not act on, and what happens instead (nested ones by their
 * dotted name). A function says it only for some values (`i18n.localeDetection: false`).
 */
export const NEXT_ONLY: Record<string, string | ((value: unknown) => string | undefined)> = {
  publicRuntimeConfig: 'is not supported: next/config returns empty objects; use NEXT_PUBLIC_* variables or env',
  serverRuntimeConfig: 'is not supported: read process.env in data functions',
  assetPrefix: 'is not supported: assets are served from /_app/static on the site',
  middleware: 'is not a config option: write middleware.ts at the app root',
  'i18n.localeDetection': (value) => (value === false ? 'false is not supported yet; / still sends visitors to the locale their browser prefers' : undefined),
  'i18n.domains': (value) => (value ? 'is not supported; locales are path prefixes on one domain' : undefined),
  webpack: `${NO_EFFECT}; what it does with loaders and aliases goes in turbopack.rules and turbopack.resolveAlias, which Stratus runs`,
  skipProxyUrlNormalize: (value) => (value ? 'is not supported: middleware sees the path the router serves (page data as its page path), as every gate in Stratus does' : undefined),
  skipMiddlewareUrlNormalize: (value) => (value ? 'is not supported: middleware sees the path the router serves (page data as its page path), as every gate in Stratus does' : undefined),
  ...Object.fromEntries([
    'swcMinify', 'poweredByHeader', 'compress', 'output', 'eslint', 'experimental', 'bundlePagesRouterDependencies',
    'outputFileTracingRoot', 'outputFileTracingIncludes', 'outputFileTracingExcludes',
    'productionBrowserSourceMaps', 'generateEtags', 'distDir', 'cleanDistDir', 'devIndicators', 'onDemandEntries', 'transpilePackages',
    'modularizeImports', 'httpAgentOptions', 'staticPageGenerationTimeout', 'generateBuildId', 'crossOrigin',
  ].map((name) => [name, NO_EFFECT])),
};

/**
 * The resolved config, from checked values (validateConfig's), with every default filled
 * in from the schema; the one cross-key rule (`defaultLocale` among `locales`) is checked
 * here, so anything that resolves a config holds it.
 *
 * @example
 * resolveConfig({ locales: ['en', 'fr'] }); // { locales: ['en', 'fr'], defaultLocale: 'en', i18n: true, images: { … } }
 */
export function resolveConfig(config: StratusConfig = {}): ResolvedConfig {
  const given = config.locales && config.locales.length > 0;
  const locales = given ? [...config.locales!] : [...CONFIG_SCHEMA.locales.default!];
  const defaultLocale = config.defaultLocale ?? locales[0]!;
  if (!locales.includes(defaultLocale)) {
    throw new ConfigError(`defaultLocale "${defaultLocale}" is not in locales [${locales.join(', ')}]; add it to locales or pick one of them.`);
  }
  const images = config.images ?? CONFIG_SCHEMA.images.default!;
  const { quality, qualities } = resolveQualities(images);
  return {
    locales,
    defaultLocale,
    ...(config.pageBodies === false ? { pageBodies: false as const } : {}),
    ...(given ? { i18n: true as const } : {}),
    images: {
      deviceSizes: [...(images.deviceSizes ?? DEFAULT_DEVICE_SIZES)].sort((a, b) => a - b),
      imageSizes: [...(images.imageSizes ?? DEFAULT_IMAGE_SIZES)].sort((a, b) => a - b),
      quality,
      qualities,
      formats: images.formats ?? ['image/webp'],
      remotePatterns: images.remotePatterns ?? [],
      // Next 16's default: four hours.
      minimumCacheTTL: images.minimumCacheTTL ?? 14400,
      dangerouslyAllowSVG: images.dangerouslyAllowSVG ?? false,
      ...(images.unoptimized ? { unoptimized: true as const } : {}),
    },
  };
}

const isQuality = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100;

/**
 * The default quality and the qualities allowed, as Next 16 reads `images.qualities`: without
 * the list, the default quality alone; with it and no `quality`, the listed one closest to 75.
 *
 * @throws ConfigError for a list that is empty or holds anything but whole numbers from 1 to
 * 100, and for a `quality` the list leaves out.
 */
function resolveQualities(images: ImageConfig): { quality: number; qualities: number[] } {
  if (images.quality !== undefined && !isQuality(images.quality)) throw new ConfigError(`images.quality must be a whole number from 1 to 100, got ${JSON.stringify(images.quality)}.`);
  if (images.qualities === undefined) {
    const quality = images.quality ?? DEFAULT_IMAGE_QUALITY;
    return { quality, qualities: [quality] };
  }
  if (!Array.isArray(images.qualities) || images.qualities.length === 0 || !images.qualities.every(isQuality)) {
    throw new ConfigError(`images.qualities must be a non-empty list of whole numbers from 1 to 100, got ${JSON.stringify(images.qualities)}.`);
  }
  const qualities = [...new Set(images.qualities)].sort((a, b) => a - b);
  if (images.quality !== undefined && !qualities.includes(images.quality)) {
    throw new ConfigError(`images.quality ${images.quality} is not in images.qualities [${qualities.join(', ')}]: add it to the list, or leave images.quality out.`);
  }
  return { quality: images.quality ?? closestQuality(qualities, DEFAULT_IMAGE_QUALITY), qualities };
}

