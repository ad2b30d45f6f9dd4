/**
 * Cache, origin-request and response-headers policies of the distribution, and which
 * behaviour takes which. Policies count against per-account quotas, so a few are shared.
 * What goes into each cache key, which behaviour takes which key, and the response headers
 * come from the contract (contract/edge-behaviours.ts, contract/security-headers.ts), which
 * the local server reads too; TTLs and origin requests are CloudFront's alone.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/controlling-the-cache-key.html
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { CACHE_KEYS, cacheKeyName, type CacheKey, type EdgeBehaviour } from '../../contract/edge-behaviours';
import { SANDBOXED_FILE_HEADERS, SECURITY_HEADERS } from '../../contract/security-headers';
import { responseHeadersSettings } from './response-headers';

export { IMAGE_QUERY_KEYS } from '../../contract/edge-behaviours';
/** The cookie a visitor's locale choice lives in; part of the page cache key. */
export { LOCALE_COOKIE } from '../../contract/urls';

/**
 * Headers pages may read (at most 10 per policy). Never `host`: a Function URL rejects a
 * foreign one. `content-type` and `origin` are for a `getServerSideProps` page reading a
 * POST (the form's encoding, a same-origin check).
 */
export const PAGE_ORIGIN_HEADERS = [
  'x-forwarded-host',
  'x-real-ip',
  'accept',
  'accept-language',
  'content-type',
  'origin',
  'referer',
  'user-agent',
  'cloudfront-forwarded-proto',
  'cloudfront-viewer-country',
];

/** A contract cache key as a cache policy's key settings. */
function keySettings(key: CacheKey): Pick<cloudfront.CachePolicyProps, 'queryStringBehavior' | 'headerBehavior' | 'cookieBehavior'> {
  const { queryStrings, headers, cookies } = key;
  return {
    queryStringBehavior:
      queryStrings === 'all'
        ? cloudfront.CacheQueryStringBehavior.all()
        : queryStrings.length > 0
          ? cloudfront.CacheQueryStringBehavior.allowList(...queryStrings)
          : cloudfront.CacheQueryStringBehavior.none(),
    headerBehavior: headers.length > 0 ? cloudfront.CacheHeaderBehavior.allowList(...headers) : cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cookies.length > 0 ? cloudfront.CacheCookieBehavior.allowList(...cookies) : cloudfront.CacheCookieBehavior.none(),
  };
}

const YEAR = Duration.days(365);

export interface SitePolicies {
  /** Hashed files: a year, nothing in the key. */
  readonly staticCache: cloudfront.CachePolicy;
  /** Public files: the object's Cache-Control, nothing in the key. */
  readonly fileCache: cloudfront.CachePolicy;
  /** Pages and page data: the origin's Cache-Control, with query and locale cookie in the key. */
  readonly pageCache: cloudfront.CachePolicy;
  /** Images: keyed on url, w, q and the Accept the edge function reduced to one format. */
  readonly imageCache: cloudfront.CachePolicy;
  /** API routes: never cached (CloudFront's managed CachingDisabled). */
  readonly apiCache: cloudfront.ICachePolicy;
  readonly pageOrigin: cloudfront.OriginRequestPolicy;
  readonly imageOrigin: cloudfront.OriginRequestPolicy;
  /**
   * API routes: every viewer header but Host, every cookie and query string (the managed
   * AllViewerExceptHostHeader), since handlers read headers the site chooses (webhook
   * signatures). `Authorization` never arrives: origin access control overwrites it.
   */
  readonly apiOrigin: cloudfront.IOriginRequestPolicy;
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
  /** Public files with SVGs and no HTML: the same headers, with a sandboxing Content-Security-Policy. */
  readonly sandboxedFileHeaders: cloudfront.ResponseHeadersPolicy;
  responseHeadersPolicyFor(behaviour: EdgeBehaviour): cloudfront.IResponseHeadersPolicy;
  cachePolicyFor(behaviour: EdgeBehaviour): cloudfront.ICachePolicy;
  originRequestPolicyFor(behaviour: EdgeBehaviour): cloudfront.IOriginRequestPolicy | undefined;
}

export function createSitePolicies(scope: Construct, prefix: string): SitePolicies {
  const id = (name: string) => `${prefix}${name}`;
  const compressed = { enableAcceptEncodingGzip: true, enableAcceptEncodingBrotli: true };

  const staticCache = new cloudfront.CachePolicy(scope, id('StaticCache'), {
    comment: 'Stratus hashed files: immutable for a year',
    minTtl: YEAR,
    defaultTtl: YEAR,
    maxTtl: YEAR,
    ...keySettings(CACHE_KEYS.static),
    ...compressed,
  });
  const fileCache = new cloudfront.CachePolicy(scope, id('FileCache'), {
    comment: "Stratus public files: the object's Cache-Control",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.days(1),
    maxTtl: YEAR,
    ...keySettings(CACHE_KEYS.file),
    ...compressed,
  });
  const pageCache = new cloudfront.CachePolicy(scope, id('PageCache'), {
    comment: "Stratus pages and data: the origin's Cache-Control; query and locale cookie in the key",
    // Default 0: a response without Cache-Control is not cached; server pages say no-store.
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: YEAR,
    ...keySettings(CACHE_KEYS.page),
    ...compressed,
  });
  const imageCache = new cloudfront.CachePolicy(scope, id('ImageCache'), {
    comment: 'Stratus images: url, w, q and the negotiated format',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.days(1),
    maxTtl: YEAR,
    // Accept is in the key: the viewer-request function has cut it down to one format token.
    ...keySettings(CACHE_KEYS.image),
    // Images are compressed already; the format is the negotiation that matters.
    enableAcceptEncodingGzip: false,
    enableAcceptEncodingBrotli: false,
  });
  const pageOrigin = new cloudfront.OriginRequestPolicy(scope, id('PageOrigin'), {
    comment: 'Stratus pages: all cookies and query strings, the headers pages read, never Host',
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...PAGE_ORIGIN_HEADERS),
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
  });
  const imageOrigin = new cloudfront.OriginRequestPolicy(scope, id('ImageOrigin'), {
    comment: 'Stratus images: the viewer host only (url, w, q and Accept come with the cache key)',
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList('x-forwarded-host'),
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
  });
  // Managed policies: no quota used, and nothing of an API answer is ever kept at the edge.
  const apiCache = cloudfront.CachePolicy.CACHING_DISABLED;
  const apiOrigin = cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER;
  const securityHeaders = new cloudfront.ResponseHeadersPolicy(scope, id('SecurityHeaders'), {
    comment: 'Stratus security headers (contract/security-headers.ts)',
    ...responseHeadersSettings(SECURITY_HEADERS),
  });

  const sandboxedFileHeaders = new cloudfront.ResponseHeadersPolicy(scope, id('SandboxedFileHeaders'), {
    comment: 'Stratus security headers for public SVGs: sandboxed, no script (contract/security-headers.ts)',
    ...responseHeadersSettings(SANDBOXED_FILE_HEADERS),
  });

  const reachesRender = (b: EdgeBehaviour) => b.origin === 'render' || b.failoverOrigin === 'render';
  return {
    staticCache,
    fileCache,
    pageCache,
    imageCache,
    apiCache,
    pageOrigin,
    imageOrigin,
    apiOrigin,
    securityHeaders,
    sandboxedFileHeaders,
    responseHeadersPolicyFor(behaviour) {
      return behaviour.sandboxed ? sandboxedFileHeaders : securityHeaders;
    },
    cachePolicyFor(behaviour) {
      return { static: staticCache, file: fileCache, page: pageCache, image: imageCache, never: apiCache }[cacheKeyName(behaviour)];
    },
    originRequestPolicyFor(behaviour) {
      if (behaviour.origin === 'image') return imageOrigin;
      if (behaviour.cache === 'never') return apiOrigin;
      return reachesRender(behaviour) ? pageOrigin : undefined;
    },
  };
}
