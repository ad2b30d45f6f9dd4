/**
 * The one place that picks the render function's port implementations (ports.ts) from the
 * environment. The stack sets the variables (infra/constructs/site-regeneration.ts);
 * without them (the local server) pages go to a local folder, leases and the draft secret
 * stay in the process and nothing is invalidated, so `npm start` needs nothing but Node.
 *
 * | variable | picks |
 * |---|---|
 * | `STRATUS_BUCKET`, `STRATUS_PAGES_PREFIX` | shared pages in S3 (`STRATUS_S3_ENDPOINT` for s3rver) |
 * | `STRATUS_LOCAL_PAGES` | shared pages in a local folder (`stratus start`: `<build>/page-store`); neither: each instance's memory |
 * | `STRATUS_LEASE_TABLE` | leases in DynamoDB (`STRATUS_DYNAMODB_ENDPOINT` for dynalite); else in memory |
 * | `STRATUS_DISTRIBUTION_PARAMETER` | invalidations in CloudFront, the distribution's id read from this SSM parameter (`STRATUS_DISTRIBUTION_ID` gives it directly; `STRATUS_CLOUDFRONT_ENDPOINT` for a fake, `STRATUS_SSM_ENDPOINT` for SSM's) |
 * | `STRATUS_DRAFT_SECRET_ARN` | draft mode's secret in Secrets Manager (`STRATUS_SECRETS_ENDPOINT` for a fake); else `STRATUS_DRAFT_SECRET`, else a random one |
 *
 * The app's own secrets (`STRATUS_SECRETS`) are only ever listed in AWS, and read there
 * (aws-secrets.ts) by lambda/secrets.ts.
 */
import { secretsManagerDraftSecret } from './aws-secrets';
import { batchInvalidations } from './batched-invalidations';
import { cloudFrontSender, distributionIdFromParameter } from './cloudfront-invalidations';
import { dynamoLease } from './dynamodb-lease';
import { folderPages } from './folder-pages';
import { memoryLease } from './memory-lease';
import { processDraftSecret } from './memory-secrets';
import { noInvalidations } from './no-invalidations';
import type { DraftSecret, Invalidations, RegenerationLease, SharedPages } from './ports';
import { s3Pages } from './s3-pages';

/** The implementations this environment has. */
export interface Ports {
  /** Every instance's regenerated pages; undefined: each instance keeps its own. */
  shared: SharedPages | undefined;
  lease: RegenerationLease;
  invalidations: Invalidations;
  draftSecret: DraftSecret;
}

function sharedPagesFrom(env: NodeJS.ProcessEnv): SharedPages | undefined {
  if (env.STRATUS_BUCKET && env.STRATUS_PAGES_PREFIX) return s3Pages({ bucket: env.STRATUS_BUCKET, prefix: env.STRATUS_PAGES_PREFIX, endpoint: env.STRATUS_S3_ENDPOINT });
  return env.STRATUS_LOCAL_PAGES ? folderPages(env.STRATUS_LOCAL_PAGES) : undefined;
}

function invalidationsFrom(env: NodeJS.ProcessEnv): Invalidations {
  const endpoint = env.STRATUS_CLOUDFRONT_ENDPOINT;
  if (env.STRATUS_DISTRIBUTION_ID) {
    const id = env.STRATUS_DISTRIBUTION_ID;
    return batchInvalidations(cloudFrontSender({ distributionId: async () => id, endpoint }));
  }
  if (env.STRATUS_DISTRIBUTION_PARAMETER) {
    return batchInvalidations(cloudFrontSender({ distributionId: distributionIdFromParameter(env.STRATUS_DISTRIBUTION_PARAMETER, env.STRATUS_SSM_ENDPOINT), endpoint }));
  }
  return noInvalidations;
}

function draftSecretFrom(env: NodeJS.ProcessEnv): DraftSecret {
  const arn = env.STRATUS_DRAFT_SECRET_ARN;
  return arn ? secretsManagerDraftSecret(arn, env.STRATUS_SECRETS_ENDPOINT) : processDraftSecret(env.STRATUS_DRAFT_SECRET);
}

/**
 * @example
 * const ports = portsFromEnvironment(process.env);
 * new PageStore(dir, prerendered, { shared: ports.shared, lease: ports.lease, buildId });
 */
export function portsFromEnvironment(env: NodeJS.ProcessEnv): Ports {
  return {
    shared: sharedPagesFrom(env),
    lease: env.STRATUS_LEASE_TABLE ? dynamoLease({ table: env.STRATUS_LEASE_TABLE, endpoint: env.STRATUS_DYNAMODB_ENDPOINT }) : memoryLease(),
    invalidations: invalidationsFrom(env),
    draftSecret: draftSecretFrom(env),
  };
}
