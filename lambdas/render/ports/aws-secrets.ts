/**
 * Secrets in AWS (ports.ts, `SecretReaders` and `DraftSecret`): SSM Parameter Store and
 * Secrets Manager through the AWS SDK clients Lambda's Node.js runtime ships (the bundle
 * leaves `@aws-sdk/*` out), loaded only when there is a secret to read:
 * https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
 */
import { traceAwsCalls } from '../../shared/tracing/aws-calls';
import { awsClientOptions, operationOptions } from '../../shared/aws-client-options';
import { DependencyError } from '../../shared/dependency-failure';
import type { DraftSecret, SecretReaders } from './ports';

/** GetParameters takes at most ten names: https://docs.aws.amazon.com/systems-manager/latest/APIReference/API_GetParameters.html */
const SSM_BATCH = 10;

// Names in variables: the packages come from Lambda's runtime, not from node_modules, and
// are required on first use only (the SDK clients cost cold-start time).
const SSM_MODULE: string = '@aws-sdk/client-ssm';
const SECRETS_MODULE: string = '@aws-sdk/client-secrets-manager';
const load = (name: string) => require(name);

/** The readers over the AWS SDK v3 of Lambda's runtime. */
export function sdkReaders(): SecretReaders {
  return {
    async ssm(names) {
      const { SSMClient, GetParametersCommand } = load(SSM_MODULE);
      const client = traceAwsCalls(new SSMClient(awsClientOptions()), 'SSM');
      const values = new Map<string, string>();
      for (let i = 0; i < names.length; i += SSM_BATCH) {
        const batch = names.slice(i, i + SSM_BATCH);
        const answer = await client.send(new GetParametersCommand({ Names: batch, WithDecryption: true }), operationOptions());
        if (answer.InvalidParameters?.length) {
          throw new Error(`SSM parameters not found (or not readable): ${answer.InvalidParameters.join(', ')}`);
        }
        // The answer names a parameter asked for by ARN by its name: pair them up in order asked.
        for (const parameter of answer.Parameters ?? []) {
          const asked = batch.find((n) => n === parameter.Name || n === parameter.ARN) ?? parameter.Name;
          values.set(asked, parameter.Value ?? '');
        }
      }
      return values;
    },
    async secretsManager(id) {
      const { SecretsManagerClient, GetSecretValueCommand } = load(SECRETS_MODULE);
      const answer = await traceAwsCalls(new SecretsManagerClient(awsClientOptions()), 'SecretsManager').send(new GetSecretValueCommand({ SecretId: id }), operationOptions());
      if (typeof answer.SecretString === 'string') return answer.SecretString;
      return Buffer.from(answer.SecretBinary ?? []).toString('utf8');
    },
  };
}

/**
 * Draft mode's secret in Secrets Manager (`STRATUS_DRAFT_SECRET_ARN`, which the stack
 * creates): its string value, read when first asked for.
 */
export function secretsManagerDraftSecret(arn: string, endpoint?: string): DraftSecret {
  return async () => {
    // require, not import(): one module system in the bundle, and jest runs it as it is.
    const sdk = require('@aws-sdk/client-secrets-manager') as typeof import('@aws-sdk/client-secrets-manager');
    const client = traceAwsCalls(new sdk.SecretsManagerClient(awsClientOptions(endpoint)), 'SecretsManager');
    let answer;
    try {
      answer = await client.send(new sdk.GetSecretValueCommand({ SecretId: arn }), operationOptions());
    } catch (error) {
      throw new DependencyError(`Secrets Manager secret ${arn}`, error);
    }
    if (!answer.SecretString) throw new Error(`The draft-mode secret ${arn} has no string value.`);
    return answer.SecretString;
  };
}
