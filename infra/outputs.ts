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
  const name = stack === undefined ? Object.values(outputs).map((s) => s[OUTPUTS.renderFunction]).find((n) => typeof n === 'string') : outputs[stack]?.[OUTPUTS.renderFunction];
  if (!name) throw new Error(`${file} has no ${OUTPUTS.renderFunction} for stack ${stack ?? 'any stack'}; pass --stack or --function.`);
  return name;
}
