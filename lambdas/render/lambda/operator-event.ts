/**
 * The one event the render function takes besides a Function URL's: `stratus revalidate
 * <path>…` invokes it directly (lambda:Invoke, which only the account's operators hold;
 * CloudFront reaches the function through its URL alone, whose events never have this
 * shape), to revalidate pages on demand as `res.revalidate` does.
 *
 * @example
 * { "stratus": "revalidate", "paths": ["/posts/first", "/fr/posts/first"] }
 */
import { logError } from '../../shared/log';

export interface RevalidateEvent {
  stratus: 'revalidate';
  paths: string[];
}

/** What the command prints: each path revalidated, or why not. */
export interface RevalidateReport {
  revalidated: string[];
  failed: { path: string; error: string }[];
}

/** Paths per invocation at most: each is rendered within the function's timeout. */
export const MAX_REVALIDATE_PATHS = 100;

export function isRevalidateEvent(event: unknown): event is RevalidateEvent {
  const e = event as Partial<RevalidateEvent> | null;
  return typeof e === 'object' && e !== null && e.stratus === 'revalidate' && Array.isArray(e.paths);
}

/** Revalidates every path (at once: invalidations go out as one batch); a failure is reported, not thrown. */
export async function runRevalidate(revalidate: (urlPath: string) => Promise<void>, event: RevalidateEvent): Promise<RevalidateReport> {
  const paths = [...new Set(event.paths)];
  if (paths.length > MAX_REVALIDATE_PATHS || paths.some((p) => typeof p !== 'string')) {
    return { revalidated: [], failed: [{ path: '', error: `Give at most ${MAX_REVALIDATE_PATHS} paths, each a string, per call.` }] };
  }
  const report: RevalidateReport = { revalidated: [], failed: [] };
  await Promise.all(paths.map(async (path) => {
    try {
      await revalidate(path);
      report.revalidated.push(path);
    } catch (error) {
      logError(error, { msg: 'revalidate command failed', path });
      report.failed.push({ path, error: (error as Error).message ?? String(error) });
    }
  }));
  return report;
}
