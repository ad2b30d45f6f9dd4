/**
 * Regeneration leases across the fleet (ports.ts, `RegenerationLease`) as items of a
 * DynamoDB table (why not S3: docs/DECISIONS.md): before rendering a page again, an
 * instance takes the page's lease with a conditional write; the others keep serving the
 * copy they have. One whose regeneration failed leaves its lease in place: the page is
 * tried again once it has expired. In one process, memory-lease.ts.
 */
import { traceAwsCalls } from '../../shared/tracing/aws-calls';
import { awsClientOptions, operationOptions } from '../../shared/aws-client-options';
import { createCircuit } from '../../shared/circuit-breaker';
import { DependencyError } from '../../shared/dependency-failure';
import { nodeCrypto } from '../../shared/node-builtins';
import type { RegenerationLease } from './ports';

export interface DynamoLeaseOptions {
  table: string;
  /** A DynamoDB-protocol endpoint (tests: dynalite). @default - the region's */
  endpoint?: string;
  /** @default Date.now */
  now?: () => number;
  /** How long calls fail at once after one failed (circuit-breaker.ts). @default CIRCUIT_OPEN_MS */
  circuitOpenMs?: number;
}

/**
 * Leases as items `{ pk: key, token, expiresAt }` of a DynamoDB table (partition key `pk`,
 * a string; TTL on `expiresAt` in seconds, `ttl`, keeps the table small). One conditional
 * PutItem takes a lease that is free or expired; one conditional DeleteItem releases it.
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ConditionExpressions.html
 *
 * @example
 * const lease = dynamoLease({ table: process.env.STRATUS_LEASE_TABLE! });
 * const token = await lease.acquire('b1/en/posts/first', 30_000);
 * if (token) try { … } finally { await lease.release('b1/en/posts/first', token); }
 */
export function dynamoLease(options: DynamoLeaseOptions): RegenerationLease {
  const now = options.now ?? (() => Date.now());
  // Loaded on first use: an instance that never regenerates never loads the SDK.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-dynamodb'); client: import('@aws-sdk/client-dynamodb').DynamoDBClient }> | undefined;
  const connect = () =>
    (loaded ??= Promise.resolve(require('@aws-sdk/client-dynamodb') as typeof import('@aws-sdk/client-dynamodb')).then((sdk) => ({
      sdk,
      client: traceAwsCalls(new sdk.DynamoDBClient(awsClientOptions(options.endpoint)), 'DynamoDB'),
    })));
  const dependency = `DynamoDB table ${options.table}`;
  const circuit = createCircuit(dependency, options.circuitOpenMs);
  return {
    dependency,
    acquire: (key, ttlMs) => circuit.run(async () => {
      const { sdk, client: dynamo } = await connect();
      const token = nodeCrypto().randomUUID();
      const at = now();
      try {
        await dynamo.send(new sdk.PutItemCommand({
          TableName: options.table,
          Item: {
            pk: { S: key },
            token: { S: token },
            expiresAt: { N: String(at + ttlMs) },
            ttl: { N: String(Math.ceil((at + ttlMs) / 1000) + 3600) },
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': { N: String(at) } },
        }), operationOptions());
        return token;
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
        throw new DependencyError(dependency, error);
      }
    }),
    release: (key, token) => circuit.run(async () => {
      const { sdk, client: dynamo } = await connect();
      try {
        await dynamo.send(new sdk.DeleteItemCommand({
          TableName: options.table,
          Key: { pk: { S: key } },
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': { S: token } },
        }), operationOptions());
      } catch (error) {
        // Expired and taken by another instance meanwhile: theirs now, nothing to give back.
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw new DependencyError(dependency, error);
      }
    }),
  };
}
