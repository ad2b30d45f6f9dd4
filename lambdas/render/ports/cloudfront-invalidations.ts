/**
 * Invalidations in CloudFront: the sender batched-invalidations.ts calls (CreateInvalidation,
 * through the AWS SDK loaded on first use), and the distribution's id read once from the SSM
 * parameter the stack writes (`STRATUS_DISTRIBUTION_PARAMETER`).
 */
import { traceAwsCalls } from '../../shared/tracing/aws-calls';
import { awsClientOptions, operationOptions } from '../../shared/aws-client-options';
import { log } from '../../shared/log';
import { nodeCrypto } from '../../shared/node-builtins';
import type { InvalidationSender } from './ports';

/**
 * A path as CloudFront's invalidation takes it: `*` is its wildcard, so a literal one is
 * escaped; the rest is already percent-encoded.
 */
export function invalidationPath(urlPath: string): string {
  return urlPath.replace(/\*/g, '%2A');
}

export interface CloudFrontSenderOptions {
  /** The distribution's id (read from SSM in AWS, once). */
  distributionId: () => Promise<string>;
  /** A CloudFront-protocol endpoint (tests: a local fake). @default - CloudFront's */
  endpoint?: string;
}

/** CreateInvalidation through the AWS SDK (loaded on first use). */
export function cloudFrontSender(options: CloudFrontSenderOptions): InvalidationSender {
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-cloudfront'); client: import('@aws-sdk/client-cloudfront').CloudFrontClient }> | undefined;
  const connect = () =>
    (loaded ??= Promise.resolve(require('@aws-sdk/client-cloudfront') as typeof import('@aws-sdk/client-cloudfront')).then((sdk) => ({
      sdk,
      client: traceAwsCalls(new sdk.CloudFrontClient(awsClientOptions(options.endpoint)), 'CloudFront'),
    })));
  return async (paths) => {
    const [{ sdk, client }, distributionId] = await Promise.all([connect(), options.distributionId()]);
    const items = paths.map(invalidationPath);
    const answer = await client.send(new sdk.CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: nodeCrypto().randomUUID(), Paths: { Quantity: items.length, Items: items } },
    }), operationOptions());
    log({ msg: 'invalidation', invalidationId: answer.Invalidation?.Id, paths: items.length, first: items[0] });
  };
}

/** The distribution id from an SSM parameter, read once (`STRATUS_DISTRIBUTION_PARAMETER`). */
export function distributionIdFromParameter(name: string, endpoint?: string): () => Promise<string> {
  let id: Promise<string> | undefined;
  return () =>
    (id ??= (async () => {
      // require, not import(): one module system in the bundle, and jest runs it as it is.
      const sdk = require('@aws-sdk/client-ssm') as typeof import('@aws-sdk/client-ssm');
      const client = traceAwsCalls(new sdk.SSMClient(awsClientOptions(endpoint)), 'SSM');
      const answer = await client.send(new sdk.GetParameterCommand({ Name: name }), operationOptions());
      if (!answer.Parameter?.Value) throw new Error(`The SSM parameter ${name} holds no distribution id.`);
      return answer.Parameter.Value;
    })().catch((error) => {
      id = undefined;
      throw error;
    }));
}
