/**
 * Build step: the config's routing options (`basePath`, `trailingSlash`, `redirects()`,
 * `rewrites()`, `headers()`: each checked by its entry in contract/config-schema.ts) called,
 * every rule checked, and settled into the manifest's form. A rule
 * that cannot work fails the build with the rule and the reason: an unknown key, an
 * invalid pattern, a destination param the source does not define.
 */
import { CONFIG_SCHEMA } from '../../../contract/config-schema';
import { StratusError } from '../../../contract/errors';
import type { HeaderRule, ResolvedRedirect, ResolvedRouting, Rewrite, RewriteGroups, RouteCondition } from '../../../contract/routing';
import { destinationParams, sourceParams } from '../../../lambdas/render/routing/destination';
import { compileSource } from '../../../lambdas/render/routing/rule-match';

/** The routing options as the config file gives them (functions not yet called). */
export interface RoutingInput {
  basePath?: unknown;
  trailingSlash?: unknown;
  skipTrailingSlashRedirect?: unknown;
  redirects?: unknown;
  rewrites?: unknown;
  headers?: unknown;
}

export class RoutingRuleError extends StratusError {
  constructor(message: string) {
    super('ROUTING_RULE_INVALID', message);
    this.name = 'RoutingRuleError';
  }
}

const COMMON_KEYS = ['source', 'has', 'missing', 'basePath', 'locale'];
const REDIRECT_KEYS = new Set([...COMMON_KEYS, 'destination', 'permanent', 'statusCode']);
const REWRITE_KEYS = new Set([...COMMON_KEYS, 'destination']);
const HEADER_KEYS = new Set([...COMMON_KEYS, 'headers']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CONDITION_TYPES = new Set(['header', 'cookie', 'query', 'host']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ABSOLUTE = /^https?:\/\//i;

/** `redirects()[1] {"source":"/a"}`: how an error names a rule. */
function describe(list: string, index: number, rule: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(rule);
  } catch {
    text = String(rule);
  }
  return `${list}[${index}] ${text.length > 160 ? `${text.slice(0, 157)}...` : text}`;
}

/** Calls a rule function of the config (checked by the config schema), which may be async; the result must be an array (or rewrites' groups). */
async function call(name: 'redirects' | 'rewrites' | 'headers', value: unknown): Promise<unknown> {
  if (value === undefined) return undefined;
  return await CONFIG_SCHEMA[name].check(value, ignore)();
}

/** The routing keys' checks warn about nothing. */
const ignore = () => undefined;

function checkConditions(where: string, field: 'has' | 'missing', value: unknown, names: Set<string>): RouteCondition[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new RoutingRuleError(`${where}: ${field} must be an array of { type, key, value } conditions.`);
  return value.map((condition: Record<string, unknown>) => {
    if (!condition || typeof condition !== 'object') throw new RoutingRuleError(`${where}: each ${field} condition must be an object.`);
    for (const key of Object.keys(condition)) if (!['type', 'key', 'value'].includes(key)) throw new RoutingRuleError(`${where}: unknown key "${key}" in a ${field} condition (type, key, value).`);
    const { type, key, value: pattern } = condition;
    if (typeof type !== 'string' || !CONDITION_TYPES.has(type)) throw new RoutingRuleError(`${where}: ${field} condition type must be one of header, cookie, query, host; got ${JSON.stringify(type)}.`);
    if (type !== 'host' && (typeof key !== 'string' || key === '')) throw new RoutingRuleError(`${where}: a ${type} condition needs a key.`);
    if (type === 'host' && typeof pattern !== 'string') throw new RoutingRuleError(`${where}: a host condition needs a value.`);
    if (pattern !== undefined) {
      if (typeof pattern !== 'string') throw new RoutingRuleError(`${where}: a condition's value must be a string (a regular expression).`);
      let regex: RegExp;
      try {
        regex = new RegExp(`^${pattern}$`);
      } catch (error) {
        throw new RoutingRuleError(`${where}: ${field} value ${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message}).`);
      }
      // Named groups of a value become params the destination may use.
      for (const name of Object.keys(new RegExp(`${regex.source}|`).exec('')?.groups ?? {})) names.add(name);
    } else if (field === 'has' && typeof key === 'string') names.add(key.replace(/[^a-zA-Z0-9_]/g, ''));
    return (type === 'host' ? { type, value: pattern } : { type, key, ...(pattern !== undefined ? { value: pattern } : {}) }) as RouteCondition;
  });
}

/** The parts every rule shares, checked: source (compiled), conditions, basePath, locale; the param names it defines. */
function checkCommon(where: string, rule: Record<string, unknown>, keys: Set<string>) {
  if (!rule || typeof rule !== 'object' || Array.isArray(rule)) throw new RoutingRuleError(`${where}: a rule must be an object.`);
  for (const key of Object.keys(rule)) if (!keys.has(key)) throw new RoutingRuleError(`${where}: unknown key "${key}" (a rule takes ${[...keys].join(', ')}).`);
  const { source } = rule;
  if (typeof source !== 'string' || !source.startsWith('/')) throw new RoutingRuleError(`${where}: source must be a path starting with "/".`);
  try {
    compileSource(source);
  } catch (error) {
    throw new RoutingRuleError(`${where}: source "${source}" is not a valid pattern: ${(error as Error).message}.`);
  }
  if (rule.basePath !== undefined && rule.basePath !== false) throw new RoutingRuleError(`${where}: basePath can only be false.`);
  if (rule.locale !== undefined && rule.locale !== false) throw new RoutingRuleError(`${where}: locale can only be false.`);
  const names = sourceParams(source);
  const has = checkConditions(where, 'has', rule.has, names);
  const missing = checkConditions(where, 'missing', rule.missing, new Set());
  return {
    source,
    ...(has ? { has } : {}),
    ...(missing ? { missing } : {}),
    ...(rule.basePath === false ? { basePath: false as const } : {}),
    ...(rule.locale === false ? { locale: false as const } : {}),
    names,
  };
}

function checkDestination(where: string, destination: unknown, names: Set<string>): string {
  if (typeof destination !== 'string' || !(destination.startsWith('/') || ABSOLUTE.test(destination))) {
    throw new RoutingRuleError(`${where}: destination must be a path starting with "/" or an http(s) URL.`);
  }
  if (destination.startsWith('//')) throw new RoutingRuleError(`${where}: destination "${destination}" names another host without a scheme; write https://… if that is meant.`);
  for (const name of destinationParams(destination)) {
    if (!names.has(name)) throw new RoutingRuleError(`${where}: destination uses ":${name}", which the source (and has conditions) do not define.`);
  }
  return destination;
}

function checkList(name: string, value: unknown): Record<string, unknown>[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new RoutingRuleError(`${name} must return an array of rules.`);
  return value as Record<string, unknown>[];
}

function checkRedirects(value: unknown): ResolvedRedirect[] {
  return checkList('redirects()', value).map((rule, index) => {
    const where = describe('redirects()', index, rule);
    const { names, ...common } = checkCommon(where, rule, REDIRECT_KEYS);
    const destination = checkDestination(where, rule.destination, names);
    const { permanent, statusCode } = rule;
    if (permanent !== undefined && statusCode !== undefined) throw new RoutingRuleError(`${where}: give permanent or statusCode, not both.`);
    if (permanent === undefined && statusCode === undefined) throw new RoutingRuleError(`${where}: say whether it is permanent (permanent: true → 308, false → 307) or give a statusCode.`);
    if (permanent !== undefined && typeof permanent !== 'boolean') throw new RoutingRuleError(`${where}: permanent must be true or false.`);
    if (statusCode !== undefined && !REDIRECT_STATUSES.has(statusCode as number)) throw new RoutingRuleError(`${where}: statusCode must be one of 301, 302, 303, 307, 308.`);
    const status = (statusCode ?? (permanent ? 308 : 307)) as ResolvedRedirect['statusCode'];
    return { ...common, destination, statusCode: status };
  });
}

function checkRewrites(list: string, value: unknown): Rewrite[] {
  return checkList(list, value).map((rule, index) => {
    const where = describe(list, index, rule);
    const { names, ...common } = checkCommon(where, rule, REWRITE_KEYS);
    const destination = checkDestination(where, rule.destination, names);
    if (common.basePath === false && !ABSOLUTE.test(destination)) throw new RoutingRuleError(`${where}: basePath: false is for rewrites to another origin; a path of the site is always inside the basePath.`);
    return { ...common, destination };
  });
}

function checkRewriteGroups(value: unknown): RewriteGroups {
  if (value === undefined) return { beforeFiles: [], afterFiles: [], fallback: [] };
  if (Array.isArray(value)) return { beforeFiles: [], afterFiles: checkRewrites('rewrites()', value), fallback: [] };
  if (!value || typeof value !== 'object') throw new RoutingRuleError('rewrites() must return an array, or { beforeFiles, afterFiles, fallback }.');
  for (const key of Object.keys(value)) if (!['beforeFiles', 'afterFiles', 'fallback'].includes(key)) throw new RoutingRuleError(`rewrites(): unknown group "${key}" (beforeFiles, afterFiles, fallback).`);
  const groups = value as Record<string, unknown>;
  return {
    beforeFiles: checkRewrites('rewrites().beforeFiles', groups.beforeFiles),
    afterFiles: checkRewrites('rewrites().afterFiles', groups.afterFiles),
    fallback: checkRewrites('rewrites().fallback', groups.fallback),
  };
}

function checkHeaders(value: unknown): HeaderRule[] {
  return checkList('headers()', value).map((rule, index) => {
    const where = describe('headers()', index, rule);
    const { names, ...common } = checkCommon(where, rule, HEADER_KEYS);
    if (!Array.isArray(rule.headers) || rule.headers.length === 0) throw new RoutingRuleError(`${where}: headers must be a non-empty array of { key, value }.`);
    const headers = rule.headers.map((header: Record<string, unknown>) => {
      if (!header || typeof header.key !== 'string' || typeof header.value !== 'string') throw new RoutingRuleError(`${where}: each header needs a string key and value.`);
      // A key may take the source's params as a value does (`x-:slug`): checked with each param in.
      const key = header.key.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (token, name: string) => (names.has(name) ? 'p' : token));
      if (!HEADER_NAME.test(key)) throw new RoutingRuleError(`${where}: "${header.key}" is not a valid header name${key !== header.key ? ' with its params filled in' : ''}.`);
      if (/[\r\n\0]/.test(header.value)) throw new RoutingRuleError(`${where}: the value of ${header.key} contains a line break.`);
      return { key: header.key, value: header.value };
    });
    return { ...common, headers };
  });
}

/**
 * The routing layer of a build, or undefined when the app uses none of it.
 *
 * @example
 * await resolveRouting({ redirects: async () => [{ source: '/old', destination: '/new', permanent: true }] }, false);
 * // { basePath: '', trailingSlash: false, redirects: [{ source: '/old', destination: '/new', statusCode: 308 }], … }
 */
export async function resolveRouting(input: RoutingInput, middleware: boolean): Promise<ResolvedRouting | undefined> {
  const basePath = input.basePath === undefined ? CONFIG_SCHEMA.basePath.default! : CONFIG_SCHEMA.basePath.check(input.basePath, ignore);
  const trailingSlash = input.trailingSlash === undefined ? CONFIG_SCHEMA.trailingSlash.default! : CONFIG_SCHEMA.trailingSlash.check(input.trailingSlash, ignore);
  const skipRedirect = input.skipTrailingSlashRedirect !== undefined && CONFIG_SCHEMA.skipTrailingSlashRedirect.check(input.skipTrailingSlashRedirect, ignore);
  const redirects = checkRedirects(await call('redirects', input.redirects));
  const rewrites = checkRewriteGroups(await call('rewrites', input.rewrites));
  const headers = checkHeaders(await call('headers', input.headers));
  const ruleCount = redirects.length + headers.length + rewrites.beforeFiles.length + rewrites.afterFiles.length + rewrites.fallback.length;
  if (!basePath && !trailingSlash && !skipRedirect && ruleCount === 0 && !middleware) return undefined;
  return { basePath, trailingSlash, ...(skipRedirect ? { skipTrailingSlashRedirect: true as const } : {}), redirects, rewrites, headers, middleware };
}

/** One line for the build's progress output: what the routing layer holds. */
export function describeRouting(routing: ResolvedRouting): string {
  const count = (n: number, one: string, many = `${one}s`) => (n > 0 ? [`${n} ${n === 1 ? one : many}`] : []);
  const { rewrites } = routing;
  const parts = [
    ...(routing.basePath ? [`basePath ${routing.basePath}`] : []),
    ...(routing.trailingSlash ? ['trailing slashes'] : []),
    ...(routing.skipTrailingSlashRedirect ? ['no trailing-slash redirects'] : []),
    ...count(routing.redirects.length, 'redirect'),
    ...count(rewrites.beforeFiles.length + rewrites.afterFiles.length + rewrites.fallback.length, 'rewrite'),
    ...count(routing.headers.length, 'header rule'),
    ...(routing.middleware ? ['middleware.ts'] : []),
  ];
  return parts.join(', ');
}
