/**
 * The render function's secrets: read from SSM Parameter Store and Secrets Manager into
 * process.env, as STRATUS_SECRETS lists them; the AWS SDK calls as the runtime's SDK gets them.
 */
import { encodeSecrets, SECRETS_ENV } from '../../../../contract/secrets';
import { loadSecrets } from '../../../../lambdas/render/lambda/secrets';
import { sdkReaders } from '../../../../lambdas/render/ports/aws-secrets';
import type { SecretReaders } from '../../../../lambdas/render/ports/ports';

const sent: { client: string; input: Record<string, unknown> }[] = [];
const PARAMETERS: Record<string, string> = { '/shop/db-password': 's3cret', '/shop/other': 'o' };
for (let i = 0; i < 12; i++) PARAMETERS[`/p/${i}`] = `v${i}`;

jest.mock(
  '@aws-sdk/client-ssm',
  () => ({
    SSMClient: class {
      async send(command: { input: { Names: string[]; WithDecryption: boolean } }) {
        sent.push({ client: 'ssm', input: command.input });
        const known = command.input.Names.filter((n) => n in PARAMETERS);
        return { Parameters: known.map((Name) => ({ Name, Value: PARAMETERS[Name] })), InvalidParameters: command.input.Names.filter((n) => !(n in PARAMETERS)) };
      }
    },
    GetParametersCommand: class {
      constructor(readonly input: unknown) {}
    },
  }),
  { virtual: true },
);
jest.mock(
  '@aws-sdk/client-secrets-manager',
  () => ({
    SecretsManagerClient: class {
      async send(command: { input: { SecretId: string } }) {
        sent.push({ client: 'secretsmanager', input: command.input });
        if (command.input.SecretId === 'binary') return { SecretBinary: new TextEncoder().encode('bytes') };
        return { SecretString: `value of ${command.input.SecretId}` };
      }
    },
    GetSecretValueCommand: class {
      constructor(readonly input: unknown) {}
    },
  }),
  { virtual: true },
);

beforeEach(() => (sent.length = 0));

const envWith = (secrets: Parameters<typeof encodeSecrets>[0]): NodeJS.ProcessEnv => ({ [SECRETS_ENV]: JSON.stringify(encodeSecrets(secrets)) });

test('values land in the environment under the names the app reads, SSM decrypted', async () => {
  const env = envWith({ DB_PASSWORD: { kind: 'ssm', id: '/shop/db-password' }, STRIPE_KEY: { kind: 'secretsmanager', id: 'shop/stripe' } });
  await loadSecrets(env);
  expect(env.DB_PASSWORD).toBe('s3cret');
  expect(env.STRIPE_KEY).toBe('value of shop/stripe');
  expect(sent).toEqual([
    { client: 'ssm', input: { Names: ['/shop/db-password'], WithDecryption: true } },
    { client: 'secretsmanager', input: { SecretId: 'shop/stripe' } },
  ]);
});

test('SSM parameters are asked for ten at a time (GetParameters’ limit), once each', async () => {
  const secrets = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`P${i}`, { kind: 'ssm' as const, id: `/p/${i}` }]));
  const env = envWith({ ...secrets, AGAIN: { kind: 'ssm', id: '/p/0' } });
  await loadSecrets(env);
  expect(sent.map((s) => (s.input.Names as string[]).length)).toEqual([10, 2]);
  expect(env.P11).toBe('v11');
  expect(env.AGAIN).toBe('v0');
});

test('a binary secret is read as UTF-8', async () => {
  const env = envWith({ KEY: { kind: 'secretsmanager', id: 'binary' } });
  await loadSecrets(env);
  expect(env.KEY).toBe('bytes');
});

test('a missing parameter fails naming it, and nothing is half set', async () => {
  const env = envWith({ A: { kind: 'ssm', id: '/shop/other' }, B: { kind: 'ssm', id: '/shop/missing' } });
  await expect(loadSecrets(env)).rejects.toThrow('SSM parameters not found (or not readable): /shop/missing');
  expect(env.A).toBeUndefined();
});

test('without STRATUS_SECRETS nothing is asked for', async () => {
  const readers: SecretReaders = { ssm: jest.fn(), secretsManager: jest.fn() };
  await loadSecrets({}, readers);
  expect(readers.ssm).not.toHaveBeenCalled();
  expect(readers.secretsManager).not.toHaveBeenCalled();
});

test('a malformed list fails naming the entry', async () => {
  await expect(loadSecrets({ [SECRETS_ENV]: '{"DB":"vault:/x"}' }, sdkReaders())).rejects.toThrow(/"DB": "vault:\/x" is not "ssm:<parameter>" or "secretsmanager:<secret>"/);
  await expect(loadSecrets({ [SECRETS_ENV]: '{"AWS_REGION":"ssm:/x"}' }, sdkReaders())).rejects.toThrow(/"AWS_REGION"/);
});
