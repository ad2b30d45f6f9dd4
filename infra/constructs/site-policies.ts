/**
 * Cache, origin-request and response-headers policies of the distribution, and which
 * behaviour takes which. Policies count against per-account quotas, so a few are shared.
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/controlling-the-cache-key.html
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import type { EdgeBehaviour } from '../../contract/edge-behaviours';

/** The cookie a visitor's locale choice lives in; part of the page cache key. */
export const LOCALE_COOKIE = 'STRATUS_LOCALE';

/** Headers pages may read. Never `host`: a Function URL rejects a foreign one. */
export const PAGE_ORIGIN_HEADERS = [
  'x-forwarded-host',
  'accept',
  'accept-language',
  'referer',
  'user-agent',
  'cloudfront-forwarded-proto',
  'cloudfront-viewer-country',
];

export const IMAGE_QUERY_KEYS = ['url', 'w', 'q'];

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
  readonly pageOrigin: cloudfront.OriginRequestPolicy;
  readonly imageOrigin: cloudfront.OriginRequestPolicy;
  readonly securityHeaders: cloudfront.ResponseHeadersPolicy;
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
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    ...compressed,
  });
  const fileCache = new cloudfront.CachePolicy(scope, id('FileCache'), {
    comment: "Stratus public files: the object's Cache-Control",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.days(1),
    maxTtl: YEAR,
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    ...compressed,
  });
  const pageCache = new cloudfront.CachePolicy(scope, id('PageCache'), {
    comment: "Stratus pages and data: the origin's Cache-Control; query and locale cookie in the key",
    // Default 0: a response without Cache-Control is not cached; server pages say no-store.
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: YEAR,
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.allowList(LOCALE_COOKIE),
    ...compressed,
  });
  const imageCache = new cloudfront.CachePolicy(scope, id('ImageCache'), {
    comment: 'Stratus images: url, w, q and the negotiated format',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.days(1),
    maxTtl: YEAR,
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...IMAGE_QUERY_KEYS),
    // The viewer-request function has cut Accept down to one format token.
    headerBehavior: cloudfront.CacheHeaderBehavior.allowList('accept'),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
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
  const securityHeaders = new cloudfront.ResponseHeadersPolicy(scope, id('SecurityHeaders'), {
    comment: 'Stratus security headers',
    securityHeadersBehavior: {
      strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: false },
      // Only frame-ancestors: a page that sets its own Content-Security-Policy keeps it.
      contentSecurityPolicy: { contentSecurityPolicy: "frame-ancestors 'none'", override: false },
    },
  });

  const reachesRender = (b: EdgeBehaviour) => b.origin === 'render' || b.failoverOrigin === 'render';
  return {
    staticCache,
    fileCache,
    pageCache,
    imageCache,
    pageOrigin,
    imageOrigin,
    securityHeaders,
    cachePolicyFor(behaviour) {
      if (behaviour.cache === 'immutable') return staticCache;
      if (behaviour.cache === 'image') return imageCache;
      return reachesRender(behaviour) ? pageCache : fileCache;
    },
    originRequestPolicyFor(behaviour) {
      if (behaviour.origin === 'image') return imageOrigin;
      return reachesRender(behaviour) ? pageOrigin : undefined;
    },
  };
}
