/**
 * Reading what a page's data function returned: one of three results, or a
 * DataContractError naming the page. Every value the pages router takes is taken with its
 * meaning (`revalidate: true` is one second, a result without `props` has empty props,
 * `props` may be a promise, a redirect may opt out of the basePath); what it refuses is
 * refused with a message that says what to return instead.
 */
import { StratusError } from '../../../contract/errors';
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

/** Normalises a data function's result into one of three outcomes, or throws DataContractError. */
export async function readDataResult(page: string, fn: string, result: DataResult | undefined): Promise<DataOutcome> {
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
  const props = fields.props === undefined ? {} : await fields.props;
  if (!props || typeof props !== 'object' || Array.isArray(props)) {
    throw new DataContractError(page, fn, `returned props that are ${Array.isArray(props) ? 'an array' : JSON.stringify(props) ?? typeof props}, not an object: return { props: { … } }.`);
  }
  // Props travel as JSON: what JSON cannot carry would hydrate as something else.
  const problem = findPropsProblem(props);
  if (problem) throw new DataContractError(page, fn, `returned ${problem.path}: ${problem.found}, which JSON cannot carry; ${problem.fix}.`);
  return { type: 'props', props: props as PageProps, revalidate };
}
