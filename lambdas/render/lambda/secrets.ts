/**
 * The render function's secrets, read once at cold start from SSM Parameter Store and
 * Secrets Manager into `process.env`, before the first request renders: pages and API
 * routes read them as they read any environment variable. The list comes from
 * STRATUS_SECRETS (contract/secrets.ts), which the construct writes and grants read on;
 * the readers are the AWS ones (ports/aws-secrets.ts) unless a test passes its own.
 */
import { decodeSecrets, SECRETS_ENV } from '../../../contract/secrets';
import { sdkReaders } from '../ports/aws-secrets';
import type { SecretReaders } from '../ports/ports';

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
