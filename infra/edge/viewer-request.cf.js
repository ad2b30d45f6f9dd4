// Stratus viewer-request function: CloudFront Functions runtime cloudfront-js-2.0.
// The local server evaluates this same text (infra/edge/viewer-request.ts), so what runs on
// a laptop is what runs at the edge. Plain ES5-style code, no `export`, < 10 KB uploaded:
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-javascript-runtime-features.html
// The config object between the markers is replaced at synth time with the app's settings.
// The import must be the first line of the uploaded code (comment lines are cut at upload):
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/helper-functions-origin-modification.html
import cf from 'cloudfront';

var CONFIG = /*STRATUS_CONFIG*/ { locales: ['en'], defaultLocale: 'en', imageFormats: ['image/webp'], api: false, pageBodies: false, basePath: '', trailingSlash: false, anySlash: false, i18n: false, pages: null } /*END_STRATUS_CONFIG*/;

var APP_PREFIX = '/_app/';
var IMAGE_PATH = '/_app/image';
var API_PATH = '/api';
var LOCALE_COOKIE = 'STRATUS_LOCALE';
var DRAFT_COOKIE = '__stratus_draft';
var PAGES_PREFIX = '/_app/pages/';
var DATA_PREFIX = '/_app/data/';
var EDGE_PAGE_HEADER = 'x-stratus-page';
var NEXT_LOCALE_COOKIE = 'NEXT_LOCALE';
var GET_HEAD = ['GET', 'HEAD'];
var ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'];

function handler(event) {
  var request = event.request;
  var headers = request.headers;
  var uri = request.uri;

  // A Function URL rejects a foreign Host, so the origin request policy never forwards it;
  // the render and image cores read the viewer's host from here instead. A viewer's own
  // X-Forwarded-Host never gets through: the cores build URLs from it.
  // Encoded letters, digits and -._~ are those characters (RFC 3986 §6.2.2.2): every rule
  // here and behind, and CloudFront's cache key, see one spelling (lambdas/shared/request-path.ts).
  if (uri.indexOf('%') >= 0) request.uri = uri = uri.replace(UNRESERVED_ESCAPE, unescapeChar);

  var host = own(headers, 'host');
  delete headers['x-forwarded-host'];
  if (host) headers['x-forwarded-host'] = { value: host.value };
  // The viewer's address as CloudFront saw it (X-Forwarded-For begins with whatever the
  // visitor wrote): a visitor's own X-Real-IP never gets through.
  delete headers['x-real-ip'];
  if (event.viewer && event.viewer.ip) headers['x-real-ip'] = { value: event.viewer.ip };

  // Only the body signer (Lambda@Edge, origin request) states a body's hash to the origin;
  // only this function says which page a request for the bucket's copy stands for.
  delete headers['x-amz-content-sha256'];
  delete headers[EDGE_PAGE_HEADER];

  // A body reaches a private Function URL only where the signer runs: API routes and, when
  // some page reads one (getServerSideProps), pages. Everything else is answered here.
  // The site lives under its basePath; anything outside it is the render function's 404.
  // One spelling per path: repeated slashes, a backslash or a dot segment answer 308 with
  // the tidy path, as the pages router does (lambdas/shared/request-path.ts, same rule),
  // once the method is one the tidy path takes.
  var tidy = tidyPath(uri);
  if (tidy !== null) uri = tidy;
  var base = CONFIG.basePath || '';
  if (base) {
    if (uri !== base && uri.indexOf(base + '/') !== 0) return tidy === null ? request : redirect(308, sitePath(tidy) + queryOf(request));
    // The site's root, with the slash or without as the site chose: /base/ with trailingSlash, else /base.
    if (uri === base && CONFIG.trailingSlash && !CONFIG.anySlash) return redirect(308, base + '/' + queryOf(request));
    if (uri === base + '/' && !CONFIG.trailingSlash && !CONFIG.anySlash) return redirect(308, base + queryOf(request));
    uri = uri.slice(base.length) || '/';
  }

  var methods = methodsFor(uri);
  if (methods.indexOf(request.method) < 0) return methodNotAllowed(methods);
  if (tidy !== null) return redirect(308, sitePath(tidy) + queryOf(request));

  if (uri === IMAGE_PATH) {
    negotiateImageFormat(headers);
    return request;
  }
  if (uri.indexOf(APP_PREFIX) === 0) {
    // Page data is asked of the bucket first (its behaviour's origin group) under the path
    // as sent, which S3 decodes once; the build named the data as page keys are named (each
    // segment as encodeURIComponent spells it: contract/urls.ts, dataUrl). A path whose
    // decoding is not that key (`%2F`, `%25`, non-ASCII, a space, a raw `+`, bad escapes)
    // would read another page's data or none: the render function answers it alone. It is
    // not sent escaped for the bucket as a page is: CloudFront fails over with the same
    // path, and the render function would read one more decoding into it.
    if (CONFIG.pages && uri.indexOf(DATA_PREFIX) === 0 && !keyAsSent(uri)) cf.selectRequestOriginById(CONFIG.pages.renderOrigin);
    return request;
  }

  // One URL per page: with the trailing slash or without, as the site chose (the render
  // function holds the same rule); a last segment with a dot names a file and keeps none.
  // Under skipTrailingSlashRedirect both spellings answer.
  if (uri.length > 1 && !CONFIG.anySlash) {
    var bare = uri.replace(/\/+$/, '') || '/';
    var wanted = !!CONFIG.trailingSlash && bare !== '/' && !/\/[^\/]+\.[^\/]+$/.test(bare);
    if ((uri !== bare) !== wanted) return redirect(308, sitePath(base + bare + (wanted ? '/' : '')) + queryOf(request));
  }
  if (uri === '/' && CONFIG.locales.length > 1 && !own(request.cookies, LOCALE_COOKIE)) {
    // A pages-router app's own record of the visitor's choice wins over their browser's.
    var chosen = own(request.cookies, NEXT_LOCALE_COOKIE);
    var locale = (chosen && exactLocale(chosen.value)) || preferredLocale(own(headers, 'accept-language'));
    if (locale && locale !== CONFIG.defaultLocale) return redirect(307, sitePath(base + '/' + locale) + queryOf(request));
  }
  if (CONFIG.pages) fromBucketFirst(request, uri, base);
  return request;
}

// A page the build put in the bucket (nothing per request applies to it) is answered from
// there without the render function: the request asks for the page's copy, in an origin
// group made here (bucket, then the render function on 403/404), so the behaviour itself
// still takes every method. The visitor's path and query go in a header for the function;
// the bucket sees no query (it reads some parameters itself). Drafts, other methods and
// paths that name no page key go straight to the function.
function fromBucketFirst(request, uri, base) {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || own(request.cookies, DRAFT_COOKIE)) return;
  if (uri === API_PATH || uri.indexOf(API_PATH + '/') === 0) return;
  // The basePath itself has one spelling (with the slash or without, as the site chose); the function redirects the other.
  if (base && uri === '/' && !CONFIG.anySlash && request.uri !== base + (CONFIG.trailingSlash ? '/' : '')) return;
  var key = pageKey(uri);
  if (key === null || serverOnly(key)) return;
  request.headers[EDGE_PAGE_HEADER] = { value: encodeUnsafe(request.uri, QUERY_UNSAFE) + queryOf(request) };
  request.uri = base + PAGES_PREFIX + CONFIG.pages.buildId + '/' + key.replace(/[%!'()*]/g, escapeChar) + '.html';
  request.querystring = {};
  cf.createRequestOriginGroup({ originIds: [CONFIG.pages.bucketOrigin, CONFIG.pages.renderOrigin], failoverCriteria: { statusCodes: [403, 404] } });
}

// The page's key in the bucket, as the build names it (contract/output-layout.ts, pageKey):
// locale, then the segments as encodeURIComponent spells them, `/` as `/index`. Null for a
// path that is no page's key (bad escapes, too long). The default locale spelled out is
// that locale's page, as the render function reads it; an app without i18n has no prefixes.
function pageKey(uri) {
  var parts = uri.split('/');
  var segments = [];
  var i;
  try {
    for (i = 1; i < parts.length; i++) if (parts[i] !== '') segments.push(decodeURIComponent(parts[i]));
  } catch (e) {
    return null;
  }
  var locale = CONFIG.defaultLocale;
  if (CONFIG.i18n && segments.length > 0 && CONFIG.locales.indexOf(segments[0]) >= 0) locale = segments.shift();
  try {
    for (i = 0; i < segments.length; i++) {
      segments[i] = encodeURIComponent(segments[i]);
      if (segments[i].length > 200) return null;
    }
  } catch (e) {
    return null;
  }
  var path = '/' + segments.join('/');
  if (path === '/') path = '/index';
  else if (/^\/index(\/|$)/.test(path)) path = '/index' + path;
  return (locale + path).length > 800 ? null : locale + path;
}

// Whether S3's one decoding of a path is its key as the build writes keys (pageKey).
function keyAsSent(uri) {
  var key = pageKey(uri);
  return key !== null && key === CONFIG.defaultLocale + decodeURIComponent(uri);
}

// Whether a page key (locale/path) names a page only the render function answers
// (CONFIG.serverRoutes, infra/edge/server-only-routes.ts): no bucket copy to ask for first.
function serverOnly(key) {
  var r = CONFIG.serverRoutes || [], p = key.slice(key.indexOf('/')), i;
  p = (p === '/index' ? '/' : p.replace(/^\/index\//, '/')).split('/');
  for (i = 0; i < r.length; i++) if (routeMatches(r[i].split('/'), p)) return true;
  return false;
}

// `:` one segment, `::` one or more, `:::` zero or more; anything else the segment itself.
function routeMatches(a, p) {
  for (var i = 0; i < a.length; i++) {
    if (a[i] === ':::') return true;
    if (a[i] === '::') return p.length > i;
    if (i >= p.length || (a[i] !== ':' && a[i] !== p[i])) return false;
  }
  return a.length === p.length;
}

// A character the bucket would read otherwise, as an escape it decodes back to itself.
function escapeChar(ch) {
  return '%' + ch.charCodeAt(0).toString(16).toUpperCase();
}

var UNRESERVED_ESCAPE = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

function unescapeChar(escape) {
  return String.fromCharCode(parseInt(escape.slice(1), 16));
}

// Slashes collapsed, `\` read as `/`, dot segments (raw or `%2e`) resolved; null when tidy.
function tidyPath(uri) {
  if (!/\\|\/\/|\/(\.|%2e){1,2}(\/|$)/i.test(uri)) return null;
  var parts = uri.replace(/\\/g, '/').split('/');
  var kept = [];
  for (var i = 1; i < parts.length; i++) {
    var dots = parts[i].replace(/%2e/gi, '.');
    if (dots === '..') kept.pop();
    else if (dots !== '' && dots !== '.') kept.push(parts[i]);
  }
  var last = parts[parts.length - 1].replace(/%2e/gi, '.');
  return '/' + kept.join('/') + ((last === '' || last === '.' || last === '..') && kept.length ? '/' : '');
}

// The same rule as contract/edge-behaviours.ts (edgeMethods); a test holds them equal.
function methodsFor(uri) {
  if (CONFIG.api && (uri === API_PATH || uri.indexOf(API_PATH + '/') === 0)) return ALL_METHODS;
  if (uri.indexOf(APP_PREFIX) === 0) return GET_HEAD;
  return CONFIG.pageBodies ? ALL_METHODS : GET_HEAD;
}

// Headers, cookies and query are keyed by names the viewer chose: `__proto__` or
// `constructor` must read as absent, never as what Object.prototype holds.
function own(map, name) {
  return map && Object.prototype.hasOwnProperty.call(map, name) ? map[name] : undefined;
}

// The cache policy keys image responses on Accept; the raw header varies by browser
// version, so it is cut down to the one format the image function will pick.
function negotiateImageFormat(headers) {
  var accept = own(headers, 'accept');
  var accepted = acceptedTypes(accept ? accept.value : '');
  for (var i = 0; i < CONFIG.imageFormats.length; i++) {
    if (own(accepted, CONFIG.imageFormats[i])) {
      headers.accept = { value: CONFIG.imageFormats[i] };
      return;
    }
  }
  // Neither offered format: the image function answers in the source's own format.
  delete headers.accept;
}

// Media types listed explicitly with q > 0; wildcards don't count (a browser that sends
// only `*/*` may not decode AVIF).
function acceptedTypes(value) {
  var result = Object.create(null);
  var parts = value.split(',');
  for (var i = 0; i < parts.length; i++) {
    var params = parts[i].split(';');
    var type = params[0].trim().toLowerCase();
    if (type && qualityOf(params) > 0) result[type] = true;
  }
  return result;
}

function qualityOf(params) {
  for (var i = 1; i < params.length; i++) {
    var param = params[i].trim();
    if (param.indexOf('q=') === 0) {
      var q = parseFloat(param.slice(2));
      return isNaN(q) ? 1 : q;
    }
  }
  return 1;
}

// The configured locale the visitor ranks highest: an exact tag first, then its language
// (`fr-CA` asks for `fr`). Ties keep the header's order.
function preferredLocale(header) {
  if (!header) return null;
  var ranges = header.value.split(',');
  var best = null;
  var bestQ = 0;
  for (var i = 0; i < ranges.length; i++) {
    var params = ranges[i].split(';');
    var tag = params[0].trim().toLowerCase();
    var q = qualityOf(params);
    if (!tag || q <= bestQ) continue;
    var match = matchLocale(tag);
    if (match) {
      best = match;
      bestQ = q;
    }
  }
  return best;
}

// A configured locale spelled exactly (any case), or null.
function exactLocale(tag) {
  for (var i = 0; i < CONFIG.locales.length; i++) if (CONFIG.locales[i].toLowerCase() === String(tag).toLowerCase()) return CONFIG.locales[i];
  return null;
}

function matchLocale(tag) {
  var locales = CONFIG.locales;
  var language = tag.split('-')[0];
  var i;
  for (i = 0; i < locales.length; i++) if (locales[i].toLowerCase() === tag) return locales[i];
  for (i = 0; i < locales.length; i++) if (locales[i].toLowerCase() === language) return locales[i];
  return null;
}

// A Location path that stays on this site: browsers read `\` as `/` and drop tabs and
// newlines (WHATWG URL), so those and every other character outside RFC 3986's path set
// are percent-encoded; then leading slashes collapse to one, as `//host` leaves the site.
function sitePath(path) {
  return '/' + encodeUnsafe(path, PATH_UNSAFE).replace(/^\/+/, '');
}

var PATH_UNSAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@\/%]/g;
// After the `?` nothing can change the origin; only what a header value can't carry is encoded.
var QUERY_UNSAFE = /[\x00-\x20\x7f-\uffff]/g;

var SURROGATE_PAIR = /[\ud800-\udbff][\udc00-\udfff]/g;

function encodeUnsafe(text, unsafe) {
  return text.replace(SURROGATE_PAIR, encodeURIComponent).replace(unsafe, function (ch) {
    var code = ch.charCodeAt(0);
    if (code < 0x10) return '%0' + code.toString(16).toUpperCase();
    if (code < 0x80) return '%' + code.toString(16).toUpperCase();
    // A lone surrogate has no UTF-8 form: U+FFFD, as browsers send it.
    return code >= 0xd800 && code <= 0xdfff ? '%EF%BF%BD' : encodeURIComponent(ch);
  });
}

function queryOf(request) {
  var query = '';
  if (typeof request.rawQueryString === 'function') {
    query = request.rawQueryString();
  } else {
    var parts = [];
    var qs = request.querystring || {};
    var keys = Object.keys(qs);
    for (var k = 0; k < keys.length; k++) {
      var entry = qs[keys[k]];
      var values = own(entry, 'multiValue') || [entry];
      for (var i = 0; i < values.length; i++) parts.push(values[i].value === '' ? keys[k] : keys[k] + '=' + values[i].value);
    }
    query = parts.join('&');
  }
  return query ? '?' + encodeUnsafe(query, QUERY_UNSAFE) : '';
}

function redirect(statusCode, location) {
  var headers = {
    location: { value: location },
    // The locale redirect depends on the visitor's headers; the slash one never changes.
    'cache-control': { value: statusCode === 308 ? 'public, max-age=3600' : 'private, no-store' },
  };
  // As the pages router answers: the location as the body, and a Refresh for a 308 (old clients).
  if (statusCode === 308) headers.refresh = { value: '0;url=' + location };
  return {
    statusCode: statusCode,
    statusDescription: statusCode === 308 ? 'Permanent Redirect' : 'Temporary Redirect',
    headers: headers,
    body: location,
  };
}

function methodNotAllowed(methods) {
  return {
    statusCode: 405,
    statusDescription: 'Method Not Allowed',
    headers: {
      allow: { value: methods.join(', ') },
      'content-type': { value: 'text/html; charset=utf-8' },
      'cache-control': { value: 'private, no-store' },
    },
    body:
      '<!DOCTYPE html><html><head><meta charset="utf-8"><title>405: Method Not Allowed</title></head>' +
      '<body><h1>405</h1><p>Method Not Allowed</p></body></html>',
  };
}
