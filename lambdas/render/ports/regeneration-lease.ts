/**
 * At most one regeneration of a page at a time across the fleet: before rendering a page
 * again, an instance takes the page's lease with a conditional write; the others keep
 * serving the copy they have. A lease expires by itself (`ttlMs`), so an instance that dies
 * mid-regeneration (timeout, crash) holds nobody up for longer than that, and one whose
 * regeneration failed leaves it in place: the page is tried again once it has expired.
 * In AWS the leases are items of a DynamoDB table (why not S3: docs/DECISIONS.md); in one
 * process (the local server, the build) they are kept in memory.
 */
import { nodeCrypto } from '../../shared/node-builtins';

export interface RegenerationLease {
  /** Takes the lease on `key` for `ttlMs`: a token to release it with, or undefined when another holds it. */
  acquire(key: string, ttlMs: number): Promise<string | undefined>;
  /** Gives the lease back, if it is still the one `token` took (an expired one may be someone else's now). */
  release(key: string, token: string): Promise<void>;
}

/** Leases within one process. */
export function memoryLease(now: () => number = () => Date.now()): RegenerationLease {
  const held = new Map<string, { token: string; expiresAt: number }>();
  return {
    async acquire(key, ttlMs) {
      const current = held.get(key);
      if (current && current.expiresAt > now()) return undefined;
      const token = nodeCrypto().randomUUID();
      held.set(key, { token, expiresAt: now() + ttlMs });
      return token;
    },
    async release(key, token) {
      if (held.get(key)?.token === token) held.delete(key);
    },
  };
}

export interface DynamoLeaseOptions {
  table: string;
  /** A DynamoDB-protocol endpoint (tests: dynalite). @default - the region's */
  endpoint?: string;
  /** @default Date.now */
  now?: () => number;
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
      client: new sdk.DynamoDBClient(options.endpoint ? { endpoint: options.endpoint } : {}),
    })));
  return {
    async acquire(key, ttlMs) {
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
        }));
        return token;
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
        throw error;
      }
    },
    async release(key, token) {
      const { sdk, client: dynamo } = await connect();
      try {
        await dynamo.send(new sdk.DeleteItemCommand({
          TableName: options.table,
          Key: { pk: { S: key } },
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': { S: token } },
        }));
      } catch (error) {
        // Expired and taken by another instance meanwhile: theirs now, nothing to give back.
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      }
    },
  };
}
