/** The one error vocabulary: codes from the catalogue, one guard across module copies, one way to print. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, formatError } from '../../contract/error-codes';
import { isStratusError, StratusError } from '../../contract/errors';
import { ManifestError } from '../../contract/manifest';
import { BuildError } from '../../cli/builder/errors';
import { SetupError } from '../../infra/build-output';
import { ApiConfigError } from '../../lambdas/render/api/api-config';
import { RevalidateError } from '../../lambdas/render/core/on-demand';
import { DataContractError } from '../../lambdas/render/data/data-result';
import { MiddlewareConfigError } from '../../lambdas/render/routing/middleware';
import { RoutingRuleError } from '../../cli/builder/steps/routing-rules';
import { InitialPropsError } from '../../web/runtime/shared/initial-props';

test('every user-fixable error is a StratusError with its code', () => {
  const errors: [StratusError, string][] = [
    [new BuildError('x'), 'BUILD_FAILED'],
    [new BuildError('x', 'DEPLOY_FAILED'), 'DEPLOY_FAILED'],
    [new ManifestError('x'), 'MANIFEST_INVALID'],
    [new SetupError('x'), 'SETUP_INVALID'],
    [new ApiConfigError('x', 'pages/api/a.ts'), 'API_CONFIG_INVALID'],
    [new RevalidateError('x'), 'REVALIDATE_PATH_INVALID'],
    [new DataContractError('pages/a.tsx', 'getStaticProps', 'returned 1'), 'DATA_RESULT_INVALID'],
    [new MiddlewareConfigError('x'), 'MIDDLEWARE_INVALID'],
    [new RoutingRuleError('x'), 'ROUTING_RULE_INVALID'],
    [new InitialPropsError('Page', null), 'INITIAL_PROPS_INVALID'],
  ];
  for (const [error, code] of errors) {
    expect(isStratusError(error)).toBe(true);
    expect(error.code).toBe(code);
    expect(ERROR_CODES[error.code].title).toEqual(expect.any(String));
  }
  expect(new DataContractError('pages/a.tsx', 'getStaticProps', 'returned 1').file).toBe('pages/a.tsx');
});

test('the guard knows a StratusError from another copy of the module (the render bundle carries its own), and nothing else', () => {
  let Other: typeof StratusError | undefined;
  jest.isolateModules(() => {
    Other = (require('../../contract/errors') as typeof import('../../contract/errors')).StratusError;
  });
  const foreign = new Other!('BUILD_FAILED', 'from the bundle');
  expect(foreign).not.toBeInstanceOf(StratusError);
  expect(isStratusError(foreign)).toBe(true);
  for (const other of [new Error('plain'), { code: 'BUILD_FAILED', message: 'x' }, null, 'BUILD_FAILED', undefined]) expect(isStratusError(other)).toBe(false);
});

test('printed as title, message and hint (its own, else its code’s); anything else as its stack', () => {
  expect(formatError(new BuildError('pages/a.tsx has no default export.'))).toBe('Build failed:\npages/a.tsx has no default export.');
  expect(formatError(new ManifestError('manifest.json is missing.'))).toBe(`The build cannot be used:\nmanifest.json is missing.\n${ERROR_CODES.MANIFEST_INVALID.hint}`);
  expect(formatError(new StratusError('SETUP_INVALID', 'no region.', { hint: 'Set "region" in cdk.json.' }))).toBe('The stack cannot be set up:\nno region.\nSet "region" in cdk.json.');
  const plain = new Error('boom');
  expect(formatError(plain)).toBe(plain.stack);
});

test('the only error classes that are not StratusErrors are request-time statuses and internal signals', () => {
  const root = path.join(__dirname, '..', '..');
  const found: string[] = [];
  // The sources git tracks: other tests write and remove build folders below these while this one runs.
  const sources = execFileSync('git', ['ls-files', '-z', '--', 'contract', 'web', 'lambdas', 'infra', 'cli'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of sources.filter((f) => /\.tsx?$/.test(f) && !f.includes('node_modules/'))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/class (\w+) extends Error\b/g)) found.push(match[1]!);
  }
  // HttpError and the API stage's two know their status; MalformedPathError becomes a 400; a DependencyError (a
  // failing bucket, table or secret) is served around or becomes a 500/503 naming it; StratusError is the base;
  // StreamTimeoutError cuts off a stream that outlived its budget (logged); VisitorLeftError is the local server's
  // signal that a streamed invocation's visitor left before its head (nothing is answered, nothing logged as failed).
  expect(found.sort()).toEqual(['ApiTimeoutError', 'DependencyError', 'HttpError', 'MalformedPathError', 'ResponseTooLargeError', 'StratusError', 'StreamTimeoutError', 'VisitorLeftError']);
});
