/** Reading what a page's data function returned: one of three results, or a DataContractError naming the page. */
import { StratusError } from '../../../contract/errors';
import { findPropsProblem } from './serializable-props';
import type { DataResult, PageProps, Redirect } from '../../../web/runtime/shared/page-types';

export type DataOutcome =
  | { type: 'props'; props: PageProps; revalidate: number | false }
  | { type: 'notFound'; revalidate: number | false }
  | { type: 'redirect'; destination: string; statusCode: number; revalidate: number | false };

/** A data function returned something the contract does not allow; names the page and says what was expected. */
export class DataContractError extends StratusError {
  constructor(page: string, fn: string, detail: string) {
    super('DATA_RESULT_INVALID', `${fn} of ${page} ${detail}`, { file: page });
    this.name = 'DataContractError';
  }
}

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

function redirectStatus(redirect: Redirect): number | null {
  if (redirect.statusCode !== undefined) return REDIRECT_CODES.has(redirect.statusCode) ? redirect.statusCode : null;
  return redirect.permanent ? 308 : 307;
}

function readRevalidate(page: string, fn: string, value: unknown): number | false {
  if (value === undefined || value === false) return false;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  throw new DataContractError(page, fn, `returned revalidate ${JSON.stringify(value)}: use a whole number of seconds (1 or more) or false.`);
}

/** Normalises a data function's result into one of three outcomes, or throws DataContractError. */
export async function readDataResult(page: string, fn: string, result: DataResult | undefined): Promise<DataOutcome> {
  if (!result || typeof result !== 'object') {
    throw new DataContractError(page, fn, `returned ${JSON.stringify(result)}: return { props }, { notFound: true } or { redirect }.`);
  }
  const revalidate = fn === 'getStaticProps' ? readRevalidate(page, fn, (result as { revalidate?: unknown }).revalidate) : false;
  if ('notFound' in result && result.notFound) return { type: 'notFound', revalidate };
  if ('redirect' in result && result.redirect) {
    const { destination } = result.redirect;
    const statusCode = redirectStatus(result.redirect);
    if (typeof destination !== 'string' || destination === '' || statusCode === null) {
      throw new DataContractError(page, fn, 'returned a redirect without a destination string, or with a statusCode other than 301, 302, 303, 307, 308.');
    }
    return { type: 'redirect', destination, statusCode, revalidate };
  }
  if ('props' in result) {
    const props = await result.props;
    if (!props || typeof props !== 'object' || Array.isArray(props)) {
      throw new DataContractError(page, fn, 'returned props that are not an object.');
    }
    // Props travel as JSON: what JSON cannot carry would hydrate as something else.
    const problem = findPropsProblem(props);
    if (problem) throw new DataContractError(page, fn, `returned ${problem.path}: ${problem.found}, which JSON cannot carry; ${problem.fix}.`);
    return { type: 'props', props, revalidate };
  }
  throw new DataContractError(page, fn, `returned an object with keys [${Object.keys(result).join(', ')}]: expected props, notFound or redirect.`);
}
