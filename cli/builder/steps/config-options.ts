/**
 * The app's config file as written (`stratus.config.ts`, or a pages-router app's
 * `next.config.js`) → the options Stratus reads, with a warning for every key it does not
 * act on, saying what happens instead: an option is never ignored in silence.
 */
import type { ImageConfig, RemotePattern, StratusConfig } from '../../../contract/config';
import { ROUTING_KEYS, type RoutingInput } from './routing-rules';
import { COMPILED_EXTENSIONS } from './scan-pages';

export interface ConfigOptions {
  config: StratusConfig;
  /** `env` of the config: inlined as `process.env.NAME` into server and browser code. */
  env: Record<string, string>;
  /** `pageExtensions` of the config (build only: which files of `pages/` are pages); absent for the default. */
  pageExtensions?: string[];
  /** basePath, trailingSlash, redirects, rewrites, headers as written: settled by routing-rules.ts. */
  routing: RoutingInput;
  warnings: string[];
}

const STRATUS_KEYS = new Set(['locales', 'defaultLocale', 'images', 'env', 'pageExtensions', 'pageBodies', ...ROUTING_KEYS]);
const ROUTING = new Set<string>(ROUTING_KEYS);
const IMAGE_KEYS = new Set(['deviceSizes', 'imageSizes', 'quality', 'formats', 'remotePatterns', 'minimumCacheTTL', 'dangerouslyAllowSVG']);

/** next.config keys Stratus does not act on, and what happens instead. */
const NEXT_NOT_IMPLEMENTED: Record<string, string> = {
  publicRuntimeConfig: 'not supported: next/config returns empty objects; use NEXT_PUBLIC_* variables or env',
  serverRuntimeConfig: 'not supported: read process.env in data functions',
  assetPrefix: 'not supported: assets are served from /_app/static on the site',
  i18n: '',
  middleware: 'not a config option: write middleware.ts at the app root',
};
/** next.config keys that mean nothing for a Stratus build (its bundler, server and output are its own). */
const NEXT_NO_EFFECT = new Set([
  'reactStrictMode', 'swcMinify', 'poweredByHeader', 'compress', 'output', 'eslint', 'typescript', 'webpack', 'experimental',
  'productionBrowserSourceMaps', 'generateEtags', 'distDir', 'cleanDistDir', 'devIndicators', 'onDemandEntries', 'transpilePackages',
  'compiler', 'modularizeImports', 'sassOptions', 'httpAgentOptions', 'staticPageGenerationTimeout', 'generateBuildId', 'crossOrigin',
]);

function imageOptions(images: Record<string, unknown>, where: string, warnings: string[]): ImageConfig {
  const out: ImageConfig = {};
  for (const [key, value] of Object.entries(images)) {
    if (IMAGE_KEYS.has(key)) (out as Record<string, unknown>)[key] = value;
    else if (key === 'domains' && Array.isArray(value)) {
      // Deprecated in the pages router in favour of remotePatterns; it means the same thing.
      out.remotePatterns = [...(out.remotePatterns ?? []), ...value.map((hostname): RemotePattern => ({ hostname: String(hostname) }))];
    } else if (key === 'qualities') warnings.push(`${where} images.qualities: not read; <Image quality> is used as written (1 to 100)`);
    else if (key === 'unoptimized') warnings.push(`${where} images.unoptimized: not supported; images go through /_app/image`);
    else if (key === 'loader' || key === 'loaderFile' || key === 'path') warnings.push(`${where} images.${key}: not supported; images are optimised by the stack's image function at /_app/image`);
    else warnings.push(`${where} images.${key}: unknown option, ignored`);
  }
  return out;
}

function envOption(value: unknown, where: string): Record<string, string> {
  if (!value || typeof value !== 'object') throw new Error(`${where} env must be an object of strings.`);
  const env: Record<string, string> = Object.create(null);
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new Error(`${where} env.${key} must be a string, got ${typeof v}.`);
    env[key] = v;
  }
  return env;
}

/**
 * `pageExtensions`: extensions without the leading dot (`['page.tsx', 'page.ts']`). One that
 * does not end in an extension the bundler compiles (`mdx`) is a warning: those files are not pages.
 */
function pageExtensionsOption(value: unknown, where: string, warnings: string[]): string[] {
  const example = "such as ['page.tsx', 'page.ts']";
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string' || v.length === 0)) {
    throw new Error(`${where} pageExtensions must be a non-empty array of extensions, ${example}; got ${JSON.stringify(value)}.`);
  }
  const extensions = value as string[];
  for (const ext of extensions) {
    if (ext.startsWith('.')) throw new Error(`${where} pageExtensions: write "${ext.slice(1)}" without the leading dot (${example}).`);
    if (!COMPILED_EXTENSIONS.some((compiled) => `.${ext}`.endsWith(compiled))) {
      warnings.push(`${where} pageExtensions "${ext}": Stratus compiles only ${COMPILED_EXTENSIONS.join(', ')} files, so files ending in .${ext} are not pages`);
    }
  }
  return [...extensions];
}

/** `stratus.config.ts` as written: the known keys, a warning for each unknown one. */
export function stratusConfigOptions(raw: Record<string, unknown>, file: string): ConfigOptions {
  const warnings: string[] = [];
  const config: StratusConfig = {};
  const routing: RoutingInput = {};
  let env: Record<string, string> = {};
  let pageExtensions: string[] | undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (ROUTING.has(key)) routing[key as keyof RoutingInput] = value;
    else if (key === 'pageExtensions') pageExtensions = pageExtensionsOption(value, `${file}:`, warnings);
    else if (!STRATUS_KEYS.has(key)) {
      const hint = key in NEXT_NOT_IMPLEMENTED || NEXT_NO_EFFECT.has(key) ? ` (a next.config option: ${NEXT_NOT_IMPLEMENTED[key] || 'no effect in Stratus'})` : '';
      warnings.push(`${file}: unknown option "${key}", ignored${hint}`);
    } else if (key === 'images') config.images = imageOptions((value ?? {}) as Record<string, unknown>, `${file}:`, warnings);
    else if (key === 'env') env = envOption(value, `${file}:`);
    else (config as Record<string, unknown>)[key] = value;
  }
  return { config, env, routing, ...(pageExtensions ? { pageExtensions } : {}), warnings };
}

/** A `next.config.js`'s object: what maps onto Stratus, a warning for everything else. */
export function nextConfigOptions(raw: Record<string, unknown>, file: string): ConfigOptions {
  const warnings: string[] = [];
  const config: StratusConfig = {};
  const routing: RoutingInput = {};
  let env: Record<string, string> = {};
  let pageExtensions: string[] | undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (ROUTING.has(key)) routing[key as keyof RoutingInput] = value;
    else if (key === 'i18n' && value && typeof value === 'object') {
      const i18n = value as { locales?: string[]; defaultLocale?: string; localeDetection?: boolean; domains?: unknown };
      config.locales = i18n.locales;
      config.defaultLocale = i18n.defaultLocale;
      if (i18n.localeDetection === false) warnings.push(`${file}: i18n.localeDetection false is not supported yet; / still sends visitors to the locale their browser prefers`);
      if (i18n.domains) warnings.push(`${file}: i18n.domains is not supported; locales are path prefixes on one domain`);
    } else if (key === 'images') config.images = imageOptions((value ?? {}) as Record<string, unknown>, `${file}:`, warnings);
    else if (key === 'env') env = envOption(value, `${file}:`);
    else if (key === 'pageExtensions') pageExtensions = pageExtensionsOption(value, `${file}:`, warnings);
    // Stratus's own option, read here too: an app keeps the one config file it has.
    else if (key === 'pageBodies') config.pageBodies = value as boolean;
    else if (key in NEXT_NOT_IMPLEMENTED) warnings.push(`${file}: ${key} is ${NEXT_NOT_IMPLEMENTED[key]}`);
    else if (NEXT_NO_EFFECT.has(key)) warnings.push(`${file}: ${key} has no effect in Stratus (it builds with its own bundler and serves with its own functions)`);
    else warnings.push(`${file}: unknown option "${key}", ignored`);
  }
  return { config, env, routing, ...(pageExtensions ? { pageExtensions } : {}), warnings };
}
