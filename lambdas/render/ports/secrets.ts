/**
 * The render function's secrets, read once at cold start from SSM Parameter Store and
 * Secrets Manager into `process.env`, before the first request renders: pages and API
 * routes read them as they read any environment variable. The list comes from
 * STRATUS_SECRETS (contract/secrets.ts), which the construct writes and grants read on.
 *
 * The AWS SDK clients are the ones Lambda's Node.js runtime ships (the bundle leaves
 * `@aws-sdk/*` out), loaded only when there is a secret to read:
 * https://docs.aws.amazon.com/lambda/latest/dg/lambda-nodejs.html
 */
import { decodeSecrets, SECRETS_ENV } from '../../../contract/secrets';

/** How the values are fetched; tests pass their own. */
export interface SecretReaders {
  /** Decrypted values of SSM parameters by the name asked for; throws naming any that are missing. */
  ssm(names: string[]): Promise<Map<string, string>>;
  /** A Secrets Manager secret's current value (SecretString, or SecretBinary as UTF-8). */
  secretsManager(id: string): Promise<string>;
}

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
      const client = new SSMClient({});
      const values = new Map<string, string>();
      for (let i = 0; i < names.length; i += SSM_BATCH) {
        const batch = names.slice(i, i + SSM_BATCH);
        const answer = await client.send(new GetParametersCommand({ Names: batch, WithDecryption: true }));
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
      const answer = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: id }));
      if (typeof answer.SecretString === 'string') return answer.SecretString;
      return Buffer.from(answer.SecretBinary ?? []).toString('utf8');
    },
  };
}

/**
 * Reads the secrets SECRETS_ENV lists into `env`. Resolves at once when there are none;
 * rejects naming what could not be read.
 *
 * @example
 * await loadSecrets(process.env); // process.env.DB_PASSWORD is now set
 */
export async function loadSecrets(env: NodeJS.ProcessEnv, readers: SecretReaders = sdkReaders()): Promise<void> {
  const secrets = decodeSecrets(env[SECRETS_ENV]);
  if (secrets.size === 0) return;
  const ssmNames = [...secrets.values()].flatMap((s) => (s.kind === 'ssm' ? [s.id] : []));
  const [parameters, ...fromSecretsManager] = await Promise.all([
    ssmNames.length > 0 ? readers.ssm([...new Set(ssmNames)]) : new Map<string, string>(),
    ...[...secrets].map(async ([name, source]) => (source.kind === 'secretsmanager' ? ([name, await readers.secretsManager(source.id)] as const) : undefined)),
  ]);
  for (const [name, source] of secrets) {
    if (source.kind !== 'ssm') continue;
    const value = parameters.get(source.id);
    if (value === undefined) throw new Error(`SSM parameter ${source.id} (for ${name}) was not in the answer`);
    env[name] = value;
  }
  for (const entry of fromSecretsManager) if (entry) env[entry[0]] = entry[1];
}
