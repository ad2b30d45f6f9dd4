/**
 * Secrets the render function reads at cold start (**contract** between the construct that
 * lists them and the function that reads them): one environment variable, a JSON object
 * from the name the app reads in `process.env` to where the value lives.
 *
 * @example
 * STRATUS_SECRETS={"DB_PASSWORD":"ssm:/shop/db-password","STRIPE_KEY":"secretsmanager:arn:aws:secretsmanager:…:secret:stripe-AbCdEf"}
 */

/** The environment variable that lists the secrets. */
export const SECRETS_ENV = 'STRATUS_SECRETS';

/** Where one secret lives: an SSM Parameter Store parameter (name or ARN) or a Secrets Manager secret (ARN or name). */
export type SecretSource = { kind: 'ssm'; id: string } | { kind: 'secretsmanager'; id: string };

const PREFIXES = { ssm: 'ssm:', secretsmanager: 'secretsmanager:' } as const;

/** A name an app may read from `process.env` and Lambda lets a function set: not AWS_*, nor the framework's STRATUS_*. */
export const ENV_NAME = /^(?!AWS_|STRATUS_)[A-Za-z_][A-Za-z0-9_]*$/;

/** The value of SECRETS_ENV for `secrets`. */
export function encodeSecrets(secrets: Record<string, SecretSource>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, source] of Object.entries(secrets)) out[name] = PREFIXES[source.kind] + source.id;
  return out;
}

/** Reads SECRETS_ENV's value; throws naming the entry that is not one. */
export function decodeSecrets(value: string | undefined): Map<string, SecretSource> {
  const secrets = new Map<string, SecretSource>();
  if (!value) return secrets;
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${SECRETS_ENV} must be a JSON object of NAME: "ssm:<parameter>" or "secretsmanager:<secret>"; got ${value.slice(0, 80)}`);
  }
  for (const [name, where] of Object.entries(parsed)) {
    const kind = typeof where === 'string' ? (Object.keys(PREFIXES) as (keyof typeof PREFIXES)[]).find((k) => where.startsWith(PREFIXES[k])) : undefined;
    if (!kind || !ENV_NAME.test(name)) {
      throw new Error(`${SECRETS_ENV}: "${name}": ${JSON.stringify(where)} is not "ssm:<parameter>" or "secretsmanager:<secret>" under a NAME_LIKE_THIS`);
    }
    secrets.set(name, { kind, id: (where as string).slice(PREFIXES[kind].length) });
  }
  return secrets;
}
