/**
 * Names shared by the stack and the scripts around it, kept free of aws-cdk-lib so the
 * rollback script loads fast.
 */
import { readFileSync } from 'node:fs';

/** The alias every Function URL serves; `npm run rollback` moves it. */
export const LIVE_ALIAS = 'live';

/** Stack output keys; `npm run rollback` reads the function names from them. */
export const OUTPUTS = {
  siteUrl: 'SiteUrl',
  distributionId: 'DistributionId',
  bucket: 'BucketName',
  renderFunction: 'RenderFunctionName',
  imageFunction: 'ImageFunctionName',
  /** The render code behind the streaming Function URL (API routes); only for an app with API routes. */
  streamFunction: 'StreamFunctionName',
  renderLogGroup: 'RenderLogGroupName',
  imageLogGroup: 'ImageLogGroupName',
  /** The API routes' function's logs; only for an app with API routes. */
  streamLogGroup: 'StreamLogGroupName',
  alias: 'LiveAliasName',
  dashboard: 'DashboardName',
  alarmTopic: 'AlarmTopicArn',
} as const;

/**
 * The render function's name in a deploy's outputs file (`cdk deploy --outputs-file`): for
 * `stack`, or, with none named (`npm run deploy`), in whichever stack has it. Throws with
 * the fix when the file cannot be read or names none.
 */
export function renderFunctionFrom(file: string, stack?: string): string {
  let outputs: Record<string, Record<string, string>>;
  try {
    outputs = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  } catch {
    throw new Error(`Cannot read ${file} (the deploy's outputs): pass --function with the render function's name, or --outputs FILE.`);
  }
  const names = new Set((stack === undefined ? Object.values(outputs) : [outputs[stack] ?? {}]).flatMap(renderFunctionsOf));
  if (names.size > 1) throw new Error(`${file} names ${names.size} render functions (${[...names].join(', ')}); pass --stack or --function.`);
  const [name] = names;
  if (!name) throw new Error(`${file} has no ${OUTPUTS.renderFunction} for stack ${stack ?? 'any stack'}; pass --stack or --function.`);
  return name;
}

/**
 * A stack's render function names: its `RenderFunctionName` output (Stratus's own stack),
 * and the one `StratusSite` adds in a project's own stack, whose key CDK makes from the
 * construct's path (`SiteRenderFunctionName1A2B3C4D`).
 */
function renderFunctionsOf(outputs: Record<string, string>): string[] {
  const own = new RegExp(`^[A-Za-z0-9]*${OUTPUTS.renderFunction}(?:[0-9A-F]{8})?$`);
  return Object.entries(outputs).flatMap(([key, value]) => (own.test(key) && typeof value === 'string' ? [value] : []));
}
