/**
 * `stratus revalidate <path>… [--function NAME | --outputs FILE --stack NAME] [--region R]`:
 * for operators, what `res.revalidate` does in an API route, against a deployed stack. It
 * invokes the render function's live alias directly with the revalidate event
 * (lambdas/render/lambda/operator-event.ts), which needs lambda:InvokeFunction on it: the pages
 * are rendered again, stored for every instance, and removed from CloudFront's cache.
 */
import { invokeLive } from '../infra/invoke-live';
import { renderFunctionFrom } from '../infra/outputs';
import type { RevalidateEvent, RevalidateReport } from '../lambdas/render/lambda/operator-event';
import { MAX_REVALIDATE_PATHS } from '../lambdas/render/lambda/operator-event';

/** Where `npm run deploy` writes the stack's outputs. */
export const DEFAULT_OUTPUTS_FILE = 'cdk.out/stratus-outputs.json';

export interface RevalidateOptions {
  paths: string[];
  /** The render function's name; else read from `outputs`. */
  functionName?: string;
  outputs?: string;
  stack?: string;
  region?: string;
  log: (line: string) => void;
  /** Invokes the function with a JSON payload and returns its JSON answer. @default - the AWS SDK's Lambda client */
  invoke?: (functionName: string, event: RevalidateEvent) => Promise<unknown>;
}

/** A path the command refuses before calling AWS: the reason, else undefined. */
export function invalidPath(path: string): string | undefined {
  if (!path.startsWith('/')) return `"${path}" does not start with "/"`;
  if (/[?#]/.test(path)) return `"${path}" has a query or fragment; give the page's path alone`;
  return undefined;
}

function functionFrom(options: RevalidateOptions): string {
  return options.functionName ?? renderFunctionFrom(options.outputs ?? DEFAULT_OUTPUTS_FILE, options.stack ?? 'Stratus');
}

/** Runs the command: 0 when every path was revalidated, 1 when one failed, 2 for bad arguments. */
export async function revalidateCommand(options: RevalidateOptions): Promise<number> {
  const { paths, log } = options;
  if (paths.length === 0) {
    log('stratus revalidate: give one or more page paths, e.g. stratus revalidate /posts/first /fr/posts/first');
    return 2;
  }
  const refused = paths.map(invalidPath).filter(Boolean);
  if (refused.length > 0 || paths.length > MAX_REVALIDATE_PATHS) {
    log(`stratus revalidate: ${refused.join('; ') || `at most ${MAX_REVALIDATE_PATHS} paths per call`}`);
    return 2;
  }
  const functionName = functionFrom(options);
  const invoke = options.invoke ?? ((name, event) => invokeLive(options.region, name, event));
  const report = (await invoke(functionName, { stratus: 'revalidate', paths })) as RevalidateReport;
  for (const path of report.revalidated) log(`revalidated ${path}`);
  for (const { path, error } of report.failed) log(`failed ${path}: ${error}`);
  return report.failed.length > 0 ? 1 : 0;
}
