/**
 * The render function's entry with secrets listed: the first request waits for them and
 * then sees them in process.env; a failed read answers 500, is logged naming the parameter,
 * and the next request reads again (no cold start needed once the parameter exists).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRETS_ENV } from '../../../../contract/secrets';
import { createRenderLambda } from '../../../../lambdas/render/lambda/entry';
import type { FunctionUrlResult } from '../../../../lambdas/shared/function-url';
import { setLogSink, type LogSink } from '../../../../lambdas/shared/log';
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { api, apisOf, manifestOf, pagesOf } from '../memory-app';

const parameters = new Map<string, string>();
let calls = 0;
jest.mock(
  '@aws-sdk/client-ssm',
  () => ({
    SSMClient: class {
      async send(command: { input: { Names: string[] } }) {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, 20)); // the request must wait for this
        const names = command.input.Names;
        return { Parameters: names.filter((n) => parameters.has(n)).map((Name) => ({ Name, Value: parameters.get(Name) })), InvalidParameters: names.filter((n) => !parameters.has(n)) };
      }
    },
    GetParametersCommand: class {
      constructor(readonly input: unknown) {}
    },
  }),
  { virtual: true },
);

const routes = { '/api/secret': api((_req, res) => res.status(200).json({ value: process.env.DB_PASSWORD ?? null })) };
let dir: string;
const lines: string[] = [];
let restoreLog: LogSink;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-entry-secrets-'));
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifestOf(routes)));
  restoreLog = setLogSink((line) => lines.push(line));
});
afterAll(() => {
  setLogSink(restoreLog);
  rmSync(dir, { recursive: true, force: true });
  delete process.env[SECRETS_ENV];
  delete process.env.DB_PASSWORD;
});

test('a failed read is a 500 naming the parameter; the next request reads again and the handler sees the value', async () => {
  process.env[SECRETS_ENV] = JSON.stringify({ DB_PASSWORD: 'ssm:/shop/db-password' });
  const { handler } = createRenderLambda({ pages: pagesOf(routes), apis: apisOf(routes), errorPages: {} }, dir);
  // A Function URL event gets a Function URL result.
  const get = async (pathname: string) => (await handler(functionUrlEvent(pathname))) as FunctionUrlResult;
  const first = await get('/api/secret');
  expect(first.statusCode).toBe(500);
  expect(lines.some((line) => line.includes('SSM parameters not found (or not readable): /shop/db-password'))).toBe(true);

  parameters.set('/shop/db-password', 's3cret');
  const second = await get('/api/secret');
  expect({ status: second.statusCode, body: JSON.parse(second.body!) }).toEqual({ status: 200, body: { value: 's3cret' } });
  // Read once more after the failure, then never again.
  await get('/api/secret');
  expect(calls).toBe(2);
});
