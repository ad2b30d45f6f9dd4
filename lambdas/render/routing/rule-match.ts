/**
 * One routing rule against one request: its `source` pattern (path-to-regexp 6, the syntax
 * the pages router documents: `:name`, `:name*`, `:name+`, `:name?`, `(regex)`), then its
 * `has` and `missing` conditions. What matched (path params, and the named groups or
 * values of the conditions) is what the destination and header values may use.
 */
import type { Key, MatchFunction, Token } from 'path-to-regexp';
import { pathPatterns } from './path-patterns';
import type { RouteCondition } from '../../../contract/routing';
import { sourceKey } from './rule-index';

/** Param values: a string, or the segments of a `:name*` / `:name+` param. */
export type RuleParams = Record<string, string | string[]>;

/** What a rule is matched against: the path still percent-encoded, the request's parts as read once. */
export interface RuleRequest {
  /** Percent-encoded, no trailing slash (but `/`), with the locale prefix when the visitor gave one. */
  path: string;
  search: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Null-prototype: names are the visitor's. */
  cookies: Record<string, string>;
  /** The viewer's host, port dropped. */
  host: string;
  /** The path without its locale prefix, worked out once for all rules (rules.ts). */
  withoutLocale?: { path: string; localePrefix: string };
  /** The path with the default locale put in (`''` when it has a prefix), for `locale: false` rules (rules.ts). */
  withDefaultLocale?: string;
  /** The last path keyed for the rule lists and its key, worked out once for all lists (rules.ts). */
  keyed?: { path: string; key: string };
}

/**
 * A source as the pages router compiles it: `strict` (paths reach the rules without a
 * trailing slash), then with an optional slash at the end, so a source that takes the empty
 * path takes `/` (`/:path*`, `/:path?`, `/(.*)` match the home page).
 */
function sourcePattern(tokens: Token[], keys?: Key[]): RegExp {
  const strict = pathPatterns().tokensToRegexp(tokens, keys, { strict: true, sensitive: false });
  return new RegExp(strict.source.replace(/\$$/, '(?:\\/)?$'), strict.flags);
}

/**
 * A rule's source compiled once: the regular expression (a test that needs no params), the
 * function that makes the params, and the first segment of the paths it can match, when
 * fixed (rule-index.ts). Throws (with path-to-regexp's reason) on an invalid pattern.
 */
export function compileSource(source: string): { regex: RegExp; match: MatchFunction<RuleParams>; key: string | undefined } {
  // Paths reach the rules without their trailing slash, so a source written with one (`/country/`, usual on a
  // `trailingSlash` site) is read without it: it takes `/country/` as the pages router's does.
  const tokens = pathPatterns().parse(source.length > 1 && source.endsWith('/') ? source.replace(/\/+$/, '') || '/' : source);
  const keys: Key[] = [];
  const regex = sourcePattern(tokens, keys);
  return { regex, match: pathPatterns().regexpToFunction<RuleParams>(regex, keys, { decode: (value) => value }), key: sourceKey(tokens) };
}

/** The value a condition reads from the request, or undefined when absent. */
function conditionValue(condition: RouteCondition, request: RuleRequest): string | undefined {
  switch (condition.type) {
    case 'header':
      return request.headers[condition.key.toLowerCase()];
    case 'cookie':
      return Object.hasOwn(request.cookies, condition.key) ? request.cookies[condition.key] : undefined;
    case 'query':
      return request.search.get(condition.key) ?? undefined;
    case 'host':
      return request.host;
  }
}

/** Compiled condition regexes, anchored as the pages router anchors them. */
const conditionRegexes = new Map<string, RegExp>();

function conditionRegex(value: string): RegExp {
  let regex = conditionRegexes.get(value);
  if (!regex) {
    regex = new RegExp(`^${value}$`);
    conditionRegexes.set(value, regex);
  }
  return regex;
}

/**
 * The params a condition contributes when it holds, or undefined when it does not: the
 * value's named groups, or the value itself under the key when the condition gives no
 * value (`{ type: 'query', key: 'page' }` makes `:page` usable).
 */
export function testCondition(condition: RouteCondition, request: RuleRequest): RuleParams | undefined {
  const actual = conditionValue(condition, request);
  if (actual === undefined) return undefined;
  if (condition.value === undefined) {
    const params: RuleParams = Object.create(null);
    if (condition.type !== 'host') params[condition.key.replace(/[^a-zA-Z0-9_]/g, '')] = actual;
    return params;
  }
  const found = conditionRegex(condition.value).exec(actual);
  if (!found) return undefined;
  const params: RuleParams = Object.create(null);
  if (found.groups) for (const [name, value] of Object.entries(found.groups)) if (value !== undefined) params[name] = value;
  return params;
}

/** The params of all `has` conditions when each holds and no `missing` one does; undefined otherwise. */
export function testConditions(has: readonly RouteCondition[] | undefined, missing: readonly RouteCondition[] | undefined, request: RuleRequest): RuleParams | undefined {
  const params: RuleParams = Object.create(null);
  for (const condition of has ?? []) {
    const found = testCondition(condition, request);
    if (!found) return undefined;
    Object.assign(params, found);
  }
  for (const condition of missing ?? []) if (testCondition(condition, request)) return undefined;
  return params;
}
