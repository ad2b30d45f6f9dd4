/**
 * A rule's `destination` with the matched params filled in: a path on the site, or another
 * origin's URL when the rule itself names one. The request's query passes through (the
 * destination's own keys win), as in the pages router.
 */
import { pathPatterns } from './path-patterns';
import type { RuleParams } from './rule-match';

export interface Destination {
  /** True when the rule's destination names another origin (`https://…`). */
  external: boolean;
  /** Internal: the percent-encoded path; external: the whole URL without its query. */
  base: string;
  search: URLSearchParams;
  /** Internal only: the path's hash, kept for a redirect's `Location`. */
  hash: string;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;
const PARAM_TOKEN = /:([A-Za-z_][A-Za-z0-9_]*)/g;
/** A host label a param may fill: nothing that could end the host (`/`, `?`, `#`, `@`, `:`). */
const HOST_LABEL = /^[A-Za-z0-9-]+$/;

/** The names of the params a destination uses (in its path, host and query). */
export function destinationParams(destination: string): Set<string> {
  const names = new Set<string>();
  for (const found of destination.replace(ABSOLUTE, '').matchAll(PARAM_TOKEN)) names.add(found[1]!);
  return names;
}

/** The names a source pattern defines. */
export function sourceParams(source: string): Set<string> {
  const names = new Set<string>();
  for (const token of pathPatterns().parse(source)) if (typeof token !== 'string') names.add(String(token.name));
  return names;
}

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** A param as text: segments of `:name*` joined by `/`. */
const asText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('/') : (value ?? ''));

/** The query of a destination, params filled in (decoded: URLSearchParams encodes on output). */
function destinationQuery(query: string, params: RuleParams, used: Set<string>): URLSearchParams {
  const filled = query.replace(PARAM_TOKEN, (token, name: string) => {
    if (!(name in params)) return token;
    used.add(name);
    return encodeURIComponent(decoded(asText(params[name])));
  });
  return new URLSearchParams(filled);
}

/** Compiled destination paths. */
const compiledPaths = new Map<string, (params: RuleParams) => string>();

/** The path with the params in, or undefined when a param it needs is missing (an optional source param that matched nothing). */
function fillPath(path: string, params: RuleParams): string | undefined {
  let fill = compiledPaths.get(path);
  if (!fill) {
    fill = pathPatterns().compile<RuleParams>(path, { encode: (value) => value, validate: false });
    compiledPaths.set(path, fill);
  }
  try {
    return fill(params);
  } catch {
    return undefined;
  }
}

/**
 * The destination for `params`, or undefined when a param would change which origin it
 * names (a host label filled with anything but letters, digits and `-`) or a param it needs
 * is missing.
 *
 * @example
 * fillDestination('/posts/:slug', { slug: 'hello' }, new URLSearchParams('a=1'), { appendParams: false });
 * // { external: false, base: '/posts/hello', search: a=1, hash: '' }
 */
export function fillDestination(destination: string, params: RuleParams, requestSearch: URLSearchParams, options: { appendParams: boolean }): Destination | undefined {
  const hashAt = destination.indexOf('#');
  const hash = hashAt < 0 ? '' : destination.slice(hashAt);
  const withoutHash = hashAt < 0 ? destination : destination.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const target = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const used = new Set<string>();
  for (const found of target.replace(ABSOLUTE, '').matchAll(PARAM_TOKEN)) used.add(found[1]!);
  const ownQuery = destinationQuery(queryAt < 0 ? '' : withoutHash.slice(queryAt + 1), params, used);

  const search = new URLSearchParams(requestSearch);
  for (const key of new Set(ownQuery.keys())) {
    search.delete(key);
    for (const value of ownQuery.getAll(key)) search.append(key, value);
  }
  if (options.appendParams) {
    for (const [name, value] of Object.entries(params)) {
      if (used.has(name) || search.has(name)) continue;
      search.set(name, decoded(asText(value)));
    }
  }

  const absolute = ABSOLUTE.exec(target);
  if (!absolute) {
    // A param may start with `/` or `\`: collapse them, so the path never becomes `//host`.
    const filled = fillPath(target || '/', params);
    if (filled === undefined) return undefined;
    const path = filled.replace(/^[/\\]+/, '/') || '/';
    return { external: false, base: path, search, hash };
  }
  const afterScheme = target.slice(absolute[0].length);
  const slash = afterScheme.indexOf('/');
  const host = slash < 0 ? afterScheme : afterScheme.slice(0, slash);
  const path = slash < 0 ? '' : afterScheme.slice(slash);
  let safe = true;
  const filledHost = host.replace(PARAM_TOKEN, (token, name: string) => {
    if (!(name in params)) return token;
    const value = asText(params[name]);
    if (!HOST_LABEL.test(value)) safe = false;
    return value;
  });
  if (!safe) return undefined;
  const filledPath = path ? fillPath(path, params) : '';
  if (filledPath === undefined) return undefined;
  return { external: true, base: absolute[0] + filledHost + filledPath, search, hash };
}

/** The destination as a URL string: base, query, hash. */
export function destinationUrl(destination: Destination): string {
  const query = destination.search.toString();
  return destination.base + (query ? `?${query}` : '') + destination.hash;
}
