/**
 * Names shared by the stack and the scripts around it, kept free of aws-cdk-lib so the
 * rollback script loads fast.
 */

/** The alias both Function URLs serve; `npm run rollback` moves it. */
export const LIVE_ALIAS = 'live';

/** Stack output keys; `npm run rollback` reads the function names from them. */
export const OUTPUTS = {
  siteUrl: 'SiteUrl',
  distributionId: 'DistributionId',
  bucket: 'BucketName',
  renderFunction: 'RenderFunctionName',
  imageFunction: 'ImageFunctionName',
  renderLogGroup: 'RenderLogGroupName',
  imageLogGroup: 'ImageLogGroupName',
  alias: 'LiveAliasName',
  dashboard: 'DashboardName',
  alarmTopic: 'AlarmTopicArn',
} as const;
