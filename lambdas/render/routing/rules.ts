/**
 * The config rules of a build compiled once: `headers()`, `redirects()` and the three
 * rewrite groups, each rule's source matched on the path inside the `basePath` and, in a
 * multi-locale app, without the locale prefix (unless the rule says `locale: false`, or
 * `basePath: false`), the prefix given back to internal destinations.
 */
import type { HeaderRule, ResolvedRouting, RouteCondition, Rewrite } from '../../../contract/routing';
import { splitLocale, withLocalePrefix, type LocaleSettings } from '../../../web/runtime/shared/locale-prefix';
import { destinationUrl, fillDestination, type Destination } from './destination';
import { compileSource, testConditions, type RuleParams, type RuleRequest } from './rule-match';
import { byKey, pathKey } from './rule-index';

export interface CompiledRule {
  match: (path: string) => { params: RuleParams } | false;
  /** The source as a regular expression: a cheap test before the params are made. */
  regex: RegExp;
  /** The first segment of every path the source matches, when fixed (rule-index.ts). */
  key: string | undefined;
  has?: RouteCondition[];
  missing?: RouteCondition[];
  basePath?: false;
  locale?: false;
  /** Conditions on what CloudFront does not key its cache on: the answer varies per visitor. */
  variesPerVisitor: boolean;
}

/** A rule that matched: its params (path and conditions) and the locale prefix to give back. */
export interface RuleMatch {
  params: RuleParams;
  /** `/fr` when the source matched after taking that prefix off; `''` otherwise. */
  localePrefix: string;
}

const PER_VISITOR = new Set(['header', 'cookie', 'host']);

export function compileRule(rule: { source: string; has?: RouteCondition[]; missing?: RouteCondition[]; basePath?: false; locale?: false }): CompiledRule {
  const conditions = [...(rule.has ?? []), ...(rule.missing ?? [])];
  return {
    ...compileSource(rule.source),
    has: rule.has,
    missing: rule.missing,
    basePath: rule.basePath,
    locale: rule.locale,
    variesPerVisitor: conditions.some((c) => PER_VISITOR.has(c.type)),
  };
}

/** What rules are matched within: the site's `basePath` and locales. */
export interface RuleContext {
  basePath: string;
  locales: LocaleSettings;
}

/**
 * Which path a rule's source reads: with the `basePath` (`basePath: false`), as visited,
 * without its locale prefix, or (`locale: false` in a multi-locale app) with its locale
 * prefix, the default locale's put in when it has none: the pages router matches those rules
 * on that path only, so `/:locale/old` takes `/old` (as `/en/old`) and not `/x/old`.
 */
type PathForm = 'withBasePath' | 'asVisited' | 'withoutLocale' | 'localeFalse';

function formOf(compiled: CompiledRule, context: RuleContext): PathForm {
  if (compiled.basePath === false) return 'withBasePath';
  if (context.locales.locales.length < 2) return 'asVisited';
  return compiled.locale === false ? 'localeFalse' : 'withoutLocale';
}

/** `/old` → `/en/old` (the default locale put in); undefined for a path that has a prefix. */
function withDefaultLocale(request: RuleRequest, context: RuleContext): string | undefined {
  if (request.withDefaultLocale !== undefined) return request.withDefaultLocale || undefined;
  const { path } = request;
  const prefixed = splitLocale(path, context.locales).prefixed;
  const filled = prefixed ? '' : withLocalePrefix(path, context.locales.defaultLocale);
  request.withDefaultLocale = filled;
  return filled || undefined;
}

/** The request's path in that form, and the locale prefix taken off it. */
function pathIn(form: PathForm, request: RuleRequest, context: RuleContext): { path: string; localePrefix: string } {
  if (form === 'withBasePath') return { path: context.basePath + request.path, localePrefix: '' };
  if (form === 'asVisited') return { path: request.path, localePrefix: '' };
  if (form === 'localeFalse') return { path: withDefaultLocale(request, context) ?? request.path, localePrefix: '' };
  // Once per request, whatever the number of rules.
  return (request.withoutLocale ??= localeSplit(request.path, context));
}

/** The path a rule's source sees, and the locale prefix taken off it. */
function sourcePath(compiled: CompiledRule, request: RuleRequest, context: RuleContext): { path: string; localePrefix: string } {
  return pathIn(formOf(compiled, context), request, context);
}

/** The key of a path the request's rules read (rule-index.ts), once for all the rule lists that read it. */
function keyOf(path: string, request: RuleRequest): string {
  if (request.keyed?.path === path) return request.keyed.key;
  const key = pathKey(path);
  request.keyed = { path, key };
  return key;
}

/**
 * The entries of a rule list that could match a request (rule-index.ts), in order.
 *
 * @example
 * const candidates = indexRules(redirects, (entry) => entry.compiled, context);
 * for (const entry of candidates(request)) …
 */
export function indexRules<T>(list: readonly T[], compiledOf: (entry: T) => CompiledRule, context: RuleContext): (request: RuleRequest) => readonly T[] {
  const forms = new Set(list.map((entry) => formOf(compiledOf(entry), context)));
  if (forms.size === 0) return () => list;
  if (forms.size > 1 || forms.has('localeFalse')) {
    // Rules reading different forms of the path (`locale: false` beside others, or its two forms): each by its own.
    return (request) => list.filter((entry) => {
      const compiled = compiledOf(entry);
      return compiled.key === undefined || compiled.key === keyOf(sourcePath(compiled, request, context).path, request);
    });
  }
  const [form] = forms as Set<PathForm>;
  const lookup = byKey(list, (entry) => compiledOf(entry).key);
  return (request) => lookup(keyOf(pathIn(form!, request, context).path, request));
}

function localeSplit(path: string, context: RuleContext): { path: string; localePrefix: string } {
  const split = splitLocale(path, context.locales);
  return split.prefixed ? { path: split.path, localePrefix: `/${split.locale}` } : { path, localePrefix: '' };
}

/** Whether the source matches the path (conditions aside), without making its params. */
export function sourceMatches(compiled: CompiledRule, request: RuleRequest, context: RuleContext): boolean {
  return compiled.regex.test(sourcePath(compiled, request, context).path);
}

/** The source's params when it matches the path (conditions aside). */
export function matchSource(compiled: CompiledRule, request: RuleRequest, context: RuleContext): RuleMatch | undefined {
  const { path, localePrefix } = sourcePath(compiled, request, context);
  const found = compiled.regex.test(path) ? compiled.match(path) : false;
  return found ? { params: found.params, localePrefix } : undefined;
}

/** The rule's params when source and conditions match. */
export function testRule(compiled: CompiledRule, request: RuleRequest, context: RuleContext): RuleMatch | undefined {
  const source = matchSource(compiled, request, context);
  if (!source) return undefined;
  if (!compiled.has && !compiled.missing) return source;
  const conditions = testConditions(compiled.has, compiled.missing, request);
  if (!conditions) return undefined;
  return { params: Object.assign(Object.create(null), source.params, conditions), localePrefix: source.localePrefix };
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The three groups of rewrites, in the order the layer runs them around the route table. */
export type RewriteGroup = 'beforeFiles' | 'afterFiles' | 'fallback';

/** A build's config rules, compiled once (compileRouting). */
export interface CompiledRouting {
  /** Every `headers()` rule that matches, in order (a later rule's value wins); per-visitor when any depends on the visitor. */
  headersFor(request: RuleRequest): { headers?: Record<string, string>; variesPerVisitor: boolean };
  /** The first redirect that matches: its `Location` and status. */
  redirectFor(request: RuleRequest): { location: Destination; statusCode: number; variesPerVisitor: boolean } | undefined;
  /**
   * For a request outside the `basePath` (its whole path in `request.path`): the first
   * `basePath: false` redirect that matches; the others never see such a request.
   */
  redirectOutside(request: RuleRequest): { location: string; statusCode: number; variesPerVisitor: boolean } | undefined;
  /** Whether a redirect source matches the path (conditions aside) with per-visitor conditions. */
  redirectsVaryFor(request: RuleRequest): boolean;
  /** The first rewrite of a group that matches; internal destinations keep the site's locale prefix, not its basePath. */
  rewrite(group: RewriteGroup, request: RuleRequest): { destination: Destination; variesPerVisitor: boolean; rule: Rewrite } | undefined;
  /** Whether any rewrite source of a group matches the path with per-visitor conditions. */
  rewritesVaryFor(group: RewriteGroup, request: RuleRequest): boolean;
  /** Whether some rule of a group could match the path (its source, conditions aside): when none can, the layer need not look the path up. */
  mayRewrite(group: RewriteGroup, request: RuleRequest): boolean;
  hasRewrites(group: RewriteGroup): boolean;
  /** Whether any header rule, redirect or rewrite could apply to the path, whatever the request's headers, cookies and query (conditions aside). */
  mayApply(request: RuleRequest): boolean;
}

export function compileRouting(routing: ResolvedRouting, locales: LocaleSettings): CompiledRouting {
  const context: RuleContext = { basePath: routing.basePath, locales };
  const headerRules = routing.headers.map((rule) => ({
    rule,
    compiled: compileRule(rule),
    // Names lower-cased once; a rule whose values take no params needs no params made.
    headers: rule.headers.map(({ key, value }) => ({ key: key.toLowerCase(), value, filled: value.includes(':') || key.includes(':') })),
  }));
  const redirects = routing.redirects.map((rule) => ({ rule, compiled: compileRule(rule) }));
  const rewriteGroups = {
    beforeFiles: routing.rewrites.beforeFiles.map((rule) => ({ rule, compiled: compileRule(rule) })),
    afterFiles: routing.rewrites.afterFiles.map((rule) => ({ rule, compiled: compileRule(rule) })),
    fallback: routing.rewrites.fallback.map((rule) => ({ rule, compiled: compileRule(rule) })),
  };
  const test = (compiled: CompiledRule, request: RuleRequest) => testRule(compiled, request, context);
  // Each list as the rules that could match a request's path (rule-index.ts).
  const indexed = <T extends { compiled: CompiledRule }>(list: T[]) => indexRules(list, (entry) => entry.compiled, context);
  // Rules whose answer depends on the visitor, apart: most apps have none, and pay nothing for the check.
  const varying = <T extends { compiled: CompiledRule }>(list: T[]) => indexed(list.filter(({ compiled }) => compiled.variesPerVisitor));
  const headerCandidates = indexed(headerRules);
  const redirectCandidates = indexed(redirects);
  const varyingRedirects = varying(redirects);
  const outsideRedirects = redirects.filter(({ rule }) => rule.basePath === false);
  const groups = { beforeFiles: indexed(rewriteGroups.beforeFiles), afterFiles: indexed(rewriteGroups.afterFiles), fallback: indexed(rewriteGroups.fallback) };
  const varyingGroups = { beforeFiles: varying(rewriteGroups.beforeFiles), afterFiles: varying(rewriteGroups.afterFiles), fallback: varying(rewriteGroups.fallback) };

  /** Header values may use the matched params (`:slug`). */
  function fillValue(value: string, params: RuleParams): string {
    if (!value.includes(':')) return value;
    return value.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (token, name: string) => {
      const param = params[name];
      return param === undefined ? token : Array.isArray(param) ? param.join('/') : param;
    });
  }

  /** An internal destination with the site's prefixes given back: locale (unless the rule opted out) and, for redirects, `basePath`. */
  function prefixed(destination: Destination, match: RuleMatch, rule: { basePath?: false }, withBasePath: boolean): Destination {
    if (destination.external) return destination;
    // The default locale spelled out (`/en/to-new`) is given back as none, as the pages router writes it: one hop to `/new`.
    const prefix = match.localePrefix === `/${context.locales.defaultLocale}` ? '' : match.localePrefix;
    const locale = prefix && destination.base === '/' ? prefix : prefix + destination.base;
    const base = withBasePath && rule.basePath !== false ? routing.basePath + locale : locale;
    return { ...destination, base: base || '/' };
  }

  return {
    headersFor(request) {
      let headers: Record<string, string> | undefined;
      let variesPerVisitor = false;
      for (const { compiled, headers: values } of headerCandidates(request)) {
        if (!sourceMatches(compiled, request, context)) continue;
        if (compiled.variesPerVisitor) variesPerVisitor = true;
        const filled = values.some((header) => header.filled);
        let params: RuleParams | undefined;
        if (filled || compiled.has || compiled.missing) {
          const match = test(compiled, request);
          if (!match) continue;
          params = match.params;
        }
        headers ??= {};
        for (const { key, value, filled: takesParams } of values) {
          if (!takesParams || !params) {
            headers[key] = value;
            continue;
          }
          // Params in keys and values, as the pages router fills them; a visitor's param that
          // would make no valid header (a line break, a character no name takes) leaves it out.
          const name = fillValue(key, params).toLowerCase();
          const text = fillValue(value, params);
          if (HEADER_NAME.test(name) && !/[\r\n\0]/.test(text)) headers[name] = text;
        }
      }
      return { headers, variesPerVisitor };
    },

    redirectFor(request) {
      for (const { rule, compiled } of redirectCandidates(request)) {
        const match = test(compiled, request);
        if (!match) continue;
        const destination = fillDestination(rule.destination, match.params, request.search, { appendParams: false });
        if (!destination) continue;
        return { location: prefixed(destination, match, rule, true), statusCode: rule.statusCode, variesPerVisitor: compiled.variesPerVisitor };
      }
      return undefined;
    },

    redirectOutside(request) {
      for (const { rule, compiled } of outsideRedirects) {
        const found = compiled.regex.test(request.path) && compiled.match(request.path);
        if (!found) continue;
        const conditions = compiled.has || compiled.missing ? testConditions(compiled.has, compiled.missing, request) : Object.create(null);
        if (!conditions) continue;
        const destination = fillDestination(rule.destination, Object.assign(Object.create(null), found.params, conditions), request.search, { appendParams: false });
        if (destination) return { location: destinationUrl(destination), statusCode: rule.statusCode, variesPerVisitor: compiled.variesPerVisitor };
      }
      return undefined;
    },

    redirectsVaryFor(request) {
      return varyingRedirects(request).some(({ compiled }) => sourceMatches(compiled, request, context));
    },

    rewrite(group, request) {
      for (const { rule, compiled } of groups[group](request)) {
        const match = test(compiled, request);
        if (!match) continue;
        const destination = fillDestination(rule.destination, match.params, request.search, { appendParams: true });
        if (!destination) continue;
        return { destination: prefixed(destination, match, rule, false), variesPerVisitor: compiled.variesPerVisitor, rule };
      }
      return undefined;
    },

    rewritesVaryFor(group, request) {
      return varyingGroups[group](request).some(({ compiled }) => sourceMatches(compiled, request, context));
    },

    mayRewrite(group, request) {
      return groups[group](request).some(({ compiled }) => sourceMatches(compiled, request, context));
    },

    hasRewrites(group) {
      return rewriteGroups[group].length > 0;
    },

    mayApply(request) {
      const matches = ({ compiled }: { compiled: CompiledRule }) => sourceMatches(compiled, request, context);
      return headerCandidates(request).some(matches) || redirectCandidates(request).some(matches)
        || (['beforeFiles', 'afterFiles', 'fallback'] as const).some((group) => groups[group](request).some(matches));
    },
  };
}

