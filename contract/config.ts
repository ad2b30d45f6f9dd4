/**
 * The app's config (`stratus.config.ts`) as users write it (its type derived from the
 * schema, config-schema.ts), and resolved with defaults as the build records it in the
 * manifest. Part of the contract: the render and image functions and the stack read the
 * resolved form. Browser-safe: types and the image defaults `<Image>` needs.
 *
 * @example
 * // web/site/stratus.config.ts
 * import type { StratusConfig } from 'stratus/config';
 * export default { locales: ['en', 'fr'], defaultLocale: 'en' } satisfies StratusConfig;
 */
import type { ConfigKey, ConfigSchema } from './config-schema';
import type { ResolvedRouting } from './routing';

export interface RemotePattern {
  protocol?: 'http' | 'https';
  /** Exact host, or with wildcards: `*.example.com` (one label), `**.example.com` (any depth). */
  hostname: string;
  port?: string;
  /** Path glob, `/images/**` style; any path when absent. */
  pathname?: string;
}

export interface ImageConfig {
  deviceSizes?: number[];
  imageSizes?: number[];
  /** Default quality when `q` is absent. */
  quality?: number;
  /**
   * The qualities the image function answers (1–100), as Next 16's `images.qualities`:
   * any other `q` is a 400, and `<Image quality>` takes the closest of them. Each one is a
   * transform and a cache entry of its own, so the list bounds what a visitor can make the
   * function do for one image and width. @default [quality] (75)
   */
  qualities?: number[];
  /** Output formats offered, in order of preference (`image/avif`, `image/webp`). */
  formats?: string[];
  remotePatterns?: RemotePattern[];
  /** Lower bound of the `max-age` of optimised images, in seconds. */
  minimumCacheTTL?: number;
  dangerouslyAllowSVG?: boolean;
  /** `<Image>` serves each `src` as it is, with no optimiser URLs (a site whose images are prepared already). */
  unoptimized?: boolean;
  /** A module (from the app's folder) whose default export makes every `<Image>` URL: `({ src, width, quality }) => string` (build only). */
  loaderFile?: string;
}

/**
 * `stratus.config.ts` as users write it: every key optional, typed and documented by the
 * config schema (config-schema.ts), which checks it and gives its default.
 */
export type StratusConfig = { [K in keyof ConfigSchema]?: ConfigSchema[K] extends ConfigKey<infer T> ? T : never };

export interface ResolvedImageConfig {
  deviceSizes: number[];
  imageSizes: number[];
  quality: number;
  /** Sorted, without repeats; holds `quality`. (Absent in manifests written before it: any quality then.) */
  qualities: number[];
  formats: string[];
  remotePatterns: RemotePattern[];
  minimumCacheTTL: number;
  dangerouslyAllowSVG: boolean;
  /** `images.unoptimized`: `<Image>` serves each `src` as it is (absent when false). */
  unoptimized?: true;
}

export interface ResolvedConfig {
  locales: string[];
  defaultLocale: string;
  /**
   * Set when the app configures locales (`i18n` in next.config, `locales` in
   * stratus.config). Without it the app still has one locale (`locales: ['en']`) for its
   * paths and stored pages, but what the app's code sees has none (the router's locale fields,
   * data functions' and `_document`'s contexts, `<html lang>`), as in the pages router.
   */
  i18n?: true;
  images: ResolvedImageConfig;
  /** The routing layer (contract/routing.ts); absent when the app uses none of it. */
  routing?: ResolvedRouting;
  /** Set when the app said its pages take no request bodies (`pageBodies: false`); absent, they do. */
  pageBodies?: false;
}

/** The config's locale keys, as the render stages read them. */
export type LocaleConfig = Pick<ResolvedConfig, 'locales' | 'defaultLocale' | 'i18n'>;

/**
 * Whether an app's code sees its locales: in data functions' contexts, getInitialProps' and
 * `_document`'s, the embedded page data and `<html lang>`. Only when the app configures them
 * (`i18n`, or more than one locale): without, Stratus still keys and routes its pages under its
 * default locale (`['en']`), but the pages router gives pages no locale (`locale` and
 * `defaultLocale` undefined, `locales` `[]` in getServerSideProps and getStaticProps, undefined
 * elsewhere) and writes no `lang`.
 */
export function showsLocales(config: LocaleConfig): boolean {
  return config.i18n === true || config.locales.length > 1;
}

export const DEFAULT_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840];
export const DEFAULT_IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384];
export const DEFAULT_IMAGE_QUALITY = 75;

/**
 * The allowed quality closest to `wanted` (the lower of two as close), as `<Image>` picks it.
 *
 * @example
 * closestQuality([50, 75, 90], 80); // 75
 */
export function closestQuality(qualities: readonly number[], wanted: number): number {
  let best = qualities[0]!;
  for (const each of qualities) if (Math.abs(each - wanted) < Math.abs(best - wanted)) best = each;
  return best;
}
