/**
 * Reading what a page's data function returned: one of three results, or a
 * DataContractError naming the page. Every value the pages router takes is taken with its
 * meaning (`revalidate: true` is one second, a result without `props` has empty props,
 * `props` may be a promise, a redirect may opt out of the basePath); what it refuses is
 * refused with a message that says what to return instead.
 */
import { StratusError } from '../../../contract/errors';
import { log } from '../../shared/log';
import { findPropsProblem } from './serializable-props';
import type { DataResult, PageProps, Redirect } from '../../../web/runtime/shared/page-types';

export type DataOutcome =
  | { type: 'props'; props: PageProps; revalidate: number | false }
  | { type: 'notFound'; revalidate: number | false }
  | { type: 'redirect'; destination: string; statusCode: number; revalidate: number | false; /** `basePath: false`: the destination is not put under the site's basePath. */ basePath?: false };

/** A data function returned something the contract does not allow; names the page and says what was expected. */
export class DataContractError extends StratusError {
  constructor(page: string, fn: string, detail: string) {
    super('DATA_RESULT_INVALID', `${fn} of ${page} ${detail}`, { file: page });
    this.name = 'DataContractError';
  }
}

const REDIRECT_CODES = [301, 302, 303, 307, 308];
/** Past a year the edge keeps a page as long as a page that never revalidates: likely a mistake (the pages router warns too). */
export const REVALIDATE_WARN_SECONDS = 31_536_000;

/** The keys each function may return, as the pages router checks them. */
const ALLOWED_KEYS: Record<string, readonly string[]> = {
  getStaticProps: ['props', 'notFound', 'redirect', 'revalidate'],
  getServerSideProps: ['props', 'notFound', 'redirect'],
};

function readRevalidate(page: string, fn: string, value: unknown): number | false {
  if (value === undefined || value === false) return false;
  // The pages router's "as soon as possible": one second.
  if (value === true) return 1;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    throw new DataContractError(page, fn, `returned revalidate ${value}: use a whole number of seconds, such as ${Math.ceil(value)} (Math.ceil()), true (1 second) or false.`);
  }
  throw new DataContractError(page, fn, `returned revalidate ${JSON.stringify(value) ?? String(value)}: use a whole number of seconds (1 or more), true (1 second) or false (never).`);
}

function readRedirect(page: string, fn: string, redirect: Redirect, revalidate: number | false): DataOutcome {
  const { destination, permanent, statusCode, basePath } = redirect as Redirect & { basePath?: unknown };
  const problems: string[] = [];
  if (permanent !== undefined && statusCode !== undefined) problems.push('`permanent` and `statusCode` together (give one)');
  else if (permanent !== undefined && typeof permanent !== 'boolean') problems.push('`permanent` that is not true or false');
  else if (statusCode !== undefined && !REDIRECT_CODES.includes(statusCode)) problems.push(`\`statusCode\` ${JSON.stringify(statusCode)} (use ${REDIRECT_CODES.join(', ')})`);
  if (typeof destination !== 'string') problems.push(`a \`destination\` that is ${typeof destination}, not a string`);
  if (basePath !== undefined && typeof basePath !== 'boolean') problems.push('`basePath` that is not false');
  if (problems.length > 0) throw new DataContractError(page, fn, `returned a redirect with ${problems.join(' and ')}.`);
  const status = statusCode ?? (permanent ? 308 : 307);
  return { type: 'redirect', destination, statusCode: status, revalidate, ...(basePath === false ? { basePath: false as const } : {}) };
}

/**
 * What is done about props JSON cannot carry (a Date, a Map, `undefined`): as the pages
 * router does. `refuse` (in `stratus dev` and when prerendering at build time) throws
 * DataContractError naming the key path; `warn` (a route's first answer in production)
 * writes one WARN line saying so, and the props go on as JSON carries them, as they do
 * under `next start`; `skip` looks at nothing (every later answer: the check walks the
 * whole props, a few per cent of a request).
 */
export type PropsCheck = 'refuse' | 'warn' | 'skip';

/**
 * Normalises a data function's result into one of three outcomes, or throws
 * DataContractError. A promise only when the result's `props` is one.
 */
export function readDataResult(page: string, fn: string, result: DataResult | undefined, check: PropsCheck = 'refuse'): DataOutcome | Promise<DataOutcome> {
  if (!result || typeof result !== 'object' || Array.isArray(result)) {
    throw new DataContractError(page, fn, `returned ${JSON.stringify(result) ?? String(result)}: return { props }, { notFound: true } or { redirect }.`);
  }
  const allowed = ALLOWED_KEYS[fn];
  const extra = allowed ? Object.keys(result).filter((key) => !allowed.includes(key)) : [];
  if (extra.length > 0) {
    const hint = fn === 'getServerSideProps' && extra.includes('revalidate')
      ? ' (revalidate belongs to getStaticProps: a server-rendered page is rendered on every request)'
      : ': what the page needs goes under props';
    throw new DataContractError(page, fn, `returned the keys [${extra.join(', ')}], which it cannot return${hint}; return props, notFound, redirect${fn === 'getStaticProps' ? ' and revalidate' : ''}.`);
  }
  const fields = result as { props?: unknown; notFound?: unknown; redirect?: unknown; revalidate?: unknown };
  const revalidate = fn === 'getStaticProps' ? readRevalidate(page, fn, fields.revalidate) : false;
  if (fields.notFound) return { type: 'notFound', revalidate };
  if (fields.redirect && typeof fields.redirect === 'object') return readRedirect(page, fn, fields.redirect as Redirect, revalidate);
  // No props is empty props, as the pages router merges them into `{}`.
  const props = fields.props === undefined ? {} : fields.props;
  if (props instanceof Promise) return props.then((awaited) => readProps(page, fn, awaited, revalidate, check));
  return readProps(page, fn, props, revalidate, check);
}

function readProps(page: string, fn: string, props: unknown, revalidate: number | false, check: PropsCheck): DataOutcome {
  if (!props || typeof props !== 'object' || Array.isArray(props)) {
    throw new DataContractError(page, fn, `returned props that are ${Array.isArray(props) ? 'an array' : JSON.stringify(props) ?? typeof props}, not an object: return { props: { … } }.`);
  }
  // Props travel as JSON: what JSON cannot carry would hydrate as something else.
  const problem = check === 'skip' ? null : findPropsProblem(props);
  if (problem) {
    const message = `returned ${problem.path}: ${problem.found}, which JSON cannot carry; ${problem.fix}.`;
    if (check === 'refuse') throw new DataContractError(page, fn, message);
    log({ msg: `${fn} of ${page} ${message} The page is served with the props as JSON carries them (as next start does); stratus dev and stratus build refuse them.`, file: page }, 'WARN');
  }
  return { type: 'props', props: props as PageProps, revalidate };
}

/** Props checks in production: each route's first answer warns, later ones are not walked. */
export function createPropsChecks(): (route: string) => PropsCheck {
  // In `stratus dev` (React's development build) every answer is checked, as next dev does.
  if (process.env.NODE_ENV !== 'production') return () => 'refuse';
  const seen = new Set<string>();
  return (route) => {
    if (seen.has(route)) return 'skip';
    seen.add(route);
    return 'warn';
  };
}
