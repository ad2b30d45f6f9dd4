/**
 * The app's config (`stratus.config.ts`) as users write it, and resolved with defaults as
 * the build records it in the manifest. Part of the contract: the render and image
 * functions and the stack read the resolved form.
 *
 * @example
 * // web/site/stratus.config.ts
 * import type { StratusConfig } from 'stratus/config';
 * export default { locales: ['en', 'fr'], defaultLocale: 'en' } satisfies StratusConfig;
 */
import type { HeaderRule, Redirect, ResolvedRouting, Rewrite, RewriteGroups } from './routing';

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
  /** Output formats offered, in order of preference (`image/avif`, `image/webp`). */
  formats?: string[];
  remotePatterns?: RemotePattern[];
  /** Lower bound of the `max-age` of optimised images, in seconds. */
  minimumCacheTTL?: number;
  dangerouslyAllowSVG?: boolean;
}

export interface StratusConfig {
  /** Mount the site under a path (`/docs`): every page, file and asset URL starts with it. */
  basePath?: string;
  /** True: `/about/` is the canonical URL and `/about` answers 308 to it. @default false (the other way round) */
  trailingSlash?: boolean;
  /** Redirects answered before anything else (docs/ROUTING.md). */
  redirects?: () => Redirect[] | Promise<Redirect[]>;
  /** Paths served from another path or origin: an array (afterFiles), or the three groups. */
  rewrites?: () => Rewrite[] | Partial<RewriteGroups> | Promise<Rewrite[] | Partial<RewriteGroups>>;
  /** Response headers by path. */
  headers?: () => HeaderRule[] | Promise<HeaderRule[]>;
  locales?: string[];
  defaultLocale?: string;
  images?: ImageConfig;
  /** Values inlined as \`process.env.NAME\` into server and browser code at build time (public: they ship to browsers). */
  env?: Record<string, string>;
  /**
   * Which files of `pages/` are pages, by the end of their name, without the leading dot
   * (build only). With `['page.tsx', 'page.ts']`, `pages/about.page.tsx` is `/about`.
   * @default ['tsx', 'ts', 'jsx', 'js']
   */
  pageExtensions?: string[];
  /**
   * Whether pages take request bodies: a `getServerSideProps` page answers POST, PUT, …
   * and reads the body, as in the pages router. In AWS a body reaches the render function
   * through a Lambda@Edge signer, which then runs on every page request that reaches the
   * function, GETs included (docs/DECISIONS.md). `false` keeps pages to GET and HEAD (other
   * methods get 405 at the edge) and the signer to API routes: set it when no page reads a
   * body, and keep forms on API routes.
   * @default true
   */
  pageBodies?: boolean;
}

export interface ResolvedImageConfig {
  deviceSizes: number[];
  imageSizes: number[];
  quality: number;
  formats: string[];
  remotePatterns: RemotePattern[];
  minimumCacheTTL: number;
  dangerouslyAllowSVG: boolean;
}

export interface ResolvedConfig {
  locales: string[];
  defaultLocale: string;
  /**
   * Set when the app configures locales (`i18n` in next.config, `locales` in
   * stratus.config). Without it the app still has one locale (`locales: ['en']`) for its
   * paths and `<html lang>`, but the router's locale fields are undefined, as in the pages router.
   */
  i18n?: true;
  images: ResolvedImageConfig;
  /** The routing layer (contract/routing.ts); absent when the app uses none of it. */
  routing?: ResolvedRouting;
  /** Set when the app said its pages take no request bodies (`pageBodies: false`); absent, they do. */
  pageBodies?: false;
}

export const DEFAULT_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840];
export const DEFAULT_IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384];
export const DEFAULT_IMAGE_QUALITY = 75;

/** Fills in defaults and rejects contradictory settings with a message saying how to fix them. */
export function resolveConfig(config: StratusConfig = {}): ResolvedConfig {
  const locales = config.locales && config.locales.length > 0 ? [...config.locales] : ['en'];
  const defaultLocale = config.defaultLocale ?? locales[0]!;
  if (!locales.includes(defaultLocale)) {
    throw new Error(
      `defaultLocale "${defaultLocale}" is not in locales [${locales.join(', ')}]; add it to locales or pick one of them.`,
    );
  }
  const seen = new Set<string>();
  for (const locale of locales) {
    // Any name a path segment can carry, as the pages router takes any string: language
    // tags (`fr-CA`) and names such as `default`, the documented trick for prefixing every locale.
    if (typeof locale !== 'string' || !/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(locale)) {
      throw new Error(`locale ${JSON.stringify(locale)} cannot be a path's first segment: use a language tag such as "en" or "fr-CA" (letters, digits, "-", "_", ".", "~").`);
    }
    if (seen.has(locale)) throw new Error(`locale "${locale}" is listed twice in locales; list each once.`);
    seen.add(locale);
  }
  if (config.pageBodies !== undefined && typeof config.pageBodies !== 'boolean') {
    throw new Error(`pageBodies must be true or false, got ${JSON.stringify(config.pageBodies)}.`);
  }
  const images = config.images ?? {};
  return {
    locales,
    defaultLocale,
    ...(config.pageBodies === false ? { pageBodies: false as const } : {}),
    ...(config.locales && config.locales.length > 0 ? { i18n: true as const } : {}),
    images: {
      deviceSizes: [...(images.deviceSizes ?? DEFAULT_DEVICE_SIZES)].sort((a, b) => a - b),
      imageSizes: [...(images.imageSizes ?? DEFAULT_IMAGE_SIZES)].sort((a, b) => a - b),
      quality: images.quality ?? DEFAULT_IMAGE_QUALITY,
      formats: images.formats ?? ['image/webp'],
      remotePatterns: images.remotePatterns ?? [],
      // Next 16's default: four hours.
      minimumCacheTTL: images.minimumCacheTTL ?? 14400,
      dangerouslyAllowSVG: images.dangerouslyAllowSVG ?? false,
    },
  };
}
