/**
 * Node's built-in modules that only some requests need, loaded on first use. Each costs
 * milliseconds of cold start to load (node:http with node:https, node:crypto and
 * node:stream were ≈ 10 ms of the render Lambda's), which a page request that never sends
 * a proxied request, hashes or streams a body should not pay. `require`, not `import()`:
 * one module system in the bundle, and synchronous where the callers are.
 *
 * @example
 * nodeCrypto().createHash('sha1'); // node:crypto is loaded here, the first time
 */
import type * as Crypto from 'node:crypto';
import type * as Dns from 'node:dns';
import type * as FsPromises from 'node:fs/promises';
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type * as NodeModule from 'node:module';
import type * as Stream from 'node:stream';
import { onFirstUse } from './on-first-use';

export const nodeCrypto = onFirstUse(() => require('node:crypto') as typeof Crypto);
export const nodeDns = onFirstUse(() => require('node:dns') as typeof Dns);
export const nodeFsPromises = onFirstUse(() => require('node:fs/promises') as typeof FsPromises);
export const nodeHttp = onFirstUse(() => require('node:http') as typeof Http);
export const nodeHttps = onFirstUse(() => require('node:https') as typeof Https);
export const nodeModule = onFirstUse(() => require('node:module') as typeof NodeModule);
export const nodeStream = onFirstUse(() => require('node:stream') as typeof Stream);
