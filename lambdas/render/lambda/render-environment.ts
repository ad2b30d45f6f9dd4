/**
 * What the environment gives the render core at cold start: where regenerated pages are
 * shared, how regenerations are leased, where invalidations go, and draft mode's secret.
 * The stack sets the variables (infra/constructs/site-regeneration.ts); without them (the
 * local server) the pages go to a local folder and leases stay in the process, so `npm
 * start` needs nothing but Node.
 *
 * | variable | meaning |
 * |---|---|
 * | `STRATUS_BUCKET`, `STRATUS_PAGES_PREFIX` | the shared page store in S3 (`STRATUS_S3_ENDPOINT` for s3rver) |
 * | `STRATUS_LOCAL_PAGES` | the folder of the local page store (`stratus start`: `<build>/page-store`); neither: each instance's memory |
 * | `STRATUS_LEASE_TABLE` | the DynamoDB table of regeneration leases (`STRATUS_DYNAMODB_ENDPOINT` for dynalite) |
 * | `STRATUS_LEASE_MS` | how long a regeneration may hold its lease (default 30000) |
 * | `STRATUS_DISTRIBUTION_PARAMETER` | the SSM parameter holding the distribution's id (`STRATUS_DISTRIBUTION_ID` gives it directly; `STRATUS_CLOUDFRONT_ENDPOINT` for a fake) |
 * | `STRATUS_DRAFT_SECRET_ARN` | draft mode's secret in Secrets Manager (`STRATUS_DRAFT_SECRET` gives it directly) |
 */
import type { PrerenderedPage } from '../../../contract/manifest';
import { createDraftMode, draftSecretFrom } from '../api/draft-mode';
import { batchInvalidations, cloudFrontSender, distributionIdFromParameter, noInvalidations, type Invalidations } from '../ports/invalidations';
import { PageStore } from '../static/page-store';
import { dynamoLease, memoryLease } from '../ports/regeneration-lease';
import type { RenderAppOptions } from '../core/render-core';
import { filePages, s3Pages } from '../ports/shared-pages';

export interface RenderEnvironment {
  store: PageStore;
  options: Pick<RenderAppOptions, 'invalidations' | 'draft' | 'leaseMs'>;
}

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
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

/**
 * @example
 * const { store, options } = renderEnvironment(process.env, path.join(dir, 'prerendered'), prerendered, manifest.buildId);
 * createRenderApp(modules, manifest, store, { ...options, apiTimeoutMs });
 */
export function renderEnvironment(env: NodeJS.ProcessEnv, prerenderedDir: string, prerendered: PrerenderedPage[], buildId: string): RenderEnvironment {
  const shared = env.STRATUS_BUCKET && env.STRATUS_PAGES_PREFIX
    ? s3Pages({ bucket: env.STRATUS_BUCKET, prefix: env.STRATUS_PAGES_PREFIX, endpoint: env.STRATUS_S3_ENDPOINT })
    : env.STRATUS_LOCAL_PAGES
      ? filePages(env.STRATUS_LOCAL_PAGES)
      : undefined;
  const lease = env.STRATUS_LEASE_TABLE ? dynamoLease({ table: env.STRATUS_LEASE_TABLE, endpoint: env.STRATUS_DYNAMODB_ENDPOINT }) : memoryLease();
  return {
    store: new PageStore(prerenderedDir, prerendered, { shared, lease, buildId }),
    options: {
      invalidations: invalidationsFrom(env),
      draft: createDraftMode(draftSecretFrom(env)),
      leaseMs: positiveInteger(env.STRATUS_LEASE_MS),
    },
  };
}
