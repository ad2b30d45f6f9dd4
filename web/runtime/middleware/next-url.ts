/**
 * `request.nextUrl` of middleware (`stratus/server`): the request URL split the way
 * middleware reads it, without the `basePath` and the locale prefix.
 */
import { isApiPath } from '../../../contract/urls';
import { splitLocale, withLocalePrefix } from '../shared/locale-prefix';
import { withoutBasePath } from '../shared/site-paths';

/** The site settings `nextUrl` formats URLs with. */
export interface NextUrlSettings {
  basePath: string;
  locales: readonly string[];
  defaultLocale: string;
  /** Only with more than one locale do paths carry a prefix. */
  i18n: boolean;
  buildId?: string;
  /** The site's `trailingSlash`: whether the root's URL is written with it (other paths keep the request's). */
  trailingSlash?: boolean;
}

/**
 * The request URL split the way middleware reads it: `pathname` without the `basePath` and
 * the locale prefix, `locale` apart; `href` puts them back. As in the pages router, `href`
 * writes the path with a trailing slash when the request's had one (a path set to
 * `/somewhere` on a request for `/to/` becomes `/somewhere/`), and without one otherwise.
 */
export class NextURL {
  private readonly url: URL;
  locale: string;
  private base: string;
  readonly defaultLocale: string;
  readonly locales: readonly string[];
  readonly buildId: string | undefined;
  private readonly i18n: boolean;
  private readonly trailingSlash: boolean;
  private readonly siteTrailingSlash: boolean | undefined;

  constructor(input: string | URL, settings: NextUrlSettings) {
    this.url = new URL(String(input));
    this.locales = settings.locales;
    this.defaultLocale = settings.defaultLocale;
    this.i18n = settings.i18n;
    this.buildId = settings.buildId;
    this.siteTrailingSlash = settings.trailingSlash;
    this.trailingSlash = this.url.pathname === '/' ? settings.trailingSlash === true : this.url.pathname.endsWith('/');
    // A path outside the basePath (a middleware without a matcher sees those) has none.
    const within = settings.basePath ? withoutBasePath(this.url.pathname, settings.basePath) : this.url.pathname;
    this.base = within === undefined ? '' : settings.basePath;
    const inside = within ?? this.url.pathname;
    const split = this.i18n ? splitLocale(inside, settings) : undefined;
    this.locale = split?.locale ?? settings.defaultLocale;
    this.url.pathname = split?.path ?? inside;
  }

  /** The site's `basePath` when the URL is under it, else `''`; set it to send a redirect under (or out of) a basePath. */
  get basePath(): string {
    return this.base;
  }
  set basePath(value: string) {
    this.base = value === '' || value.startsWith('/') ? value : `/${value}`;
  }

  private settings(): NextUrlSettings {
    return { basePath: this.basePath, locales: this.locales, defaultLocale: this.defaultLocale, i18n: this.i18n, buildId: this.buildId, trailingSlash: this.siteTrailingSlash };
  }

  /** Without `basePath` and locale prefix. */
  get pathname(): string {
    return this.url.pathname;
  }
  set pathname(value: string) {
    this.url.pathname = value;
  }
  get search(): string {
    return this.url.search;
  }
  set search(value: string) {
    this.url.search = value;
  }
  get searchParams(): URLSearchParams {
    return this.url.searchParams;
  }
  get hash(): string {
    return this.url.hash;
  }
  set hash(value: string) {
    this.url.hash = value;
  }
  get host(): string {
    return this.url.host;
  }
  set host(value: string) {
    this.url.host = value;
  }
  get hostname(): string {
    return this.url.hostname;
  }
  set hostname(value: string) {
    this.url.hostname = value;
  }
  get port(): string {
    return this.url.port;
  }
  set port(value: string) {
    this.url.port = value;
  }
  get protocol(): string {
    return this.url.protocol;
  }
  set protocol(value: string) {
    this.url.protocol = value;
  }
  get origin(): string {
    return this.url.origin;
  }

  /** The whole URL, `basePath` and locale prefix (none for the default locale) put back. */
  get href(): string {
    // API routes are never under a locale (locale-prefix.ts).
    const prefixed = this.i18n && this.locale !== this.defaultLocale && !isApiPath(this.pathname);
    const full = this.basePath + (prefixed ? withLocalePrefix(this.pathname, this.locale) : this.pathname);
    return `${this.origin}${slashed(full === '' ? '/' : full, this.trailingSlash)}${this.search}${this.hash}`;
  }

  clone(): NextURL {
    return new NextURL(this.href, this.settings());
  }

  toString(): string {
    return this.href;
  }

  toJSON(): string {
    return this.href;
  }
}

/** The path with or without its trailing slash (the root keeps its one). */
function slashed(path: string, trailingSlash: boolean): string {
  if (path === '/') return path;
  if (trailingSlash) return path.endsWith('/') ? path : `${path}/`;
  return path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}
