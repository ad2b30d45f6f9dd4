/**
 * StratusSite as a project's own CDK app uses it (`stratus/cdk`): the app folder, the render
 * function's environment, its secrets (listed for the function to read at cold start, read
 * granted on exactly those), extra permissions and memory; the render function's name as an
 * output, for `stratus deploy`'s code cache; bad props fail at synth.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { readBuildOutput, StratusSite, type StratusSiteProps } from '../../../infra/cdk';
import { decodeSecrets, SECRETS_ENV } from '../../../contract/secrets';
import { FIXTURE_BUILD } from '../stack-fixture';
import { OUTPUTS, renderFunctionFrom } from '../../../infra/outputs';

function synth(props: (stack: Stack) => Partial<StratusSiteProps>) {
  const app = new App();
  const stack = new Stack(app, 'Shop', { env: { region: 'eu-west-1' } });
  const site = new StratusSite(stack, 'Site', { build: readBuildOutput(FIXTURE_BUILD), ...props(stack) });
  return { site, stack, template: Template.fromStack(stack) };
}

type Fn = { Properties: { Description?: string; Environment?: { Variables: Record<string, unknown> }; MemorySize?: number } };
const functions = (template: Template) => Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Fn>);
const renderOf = (template: Template) => functions(template).find((f) => /Stratus render/.test(f.Properties.Description ?? ''))!;
const imageOf = (template: Template) => functions(template).find((f) => /Stratus image/.test(f.Properties.Description ?? ''))!;
/** A CloudFormation value with its Refs and joins written out, as the function would see it. */
const resolved = (stack: Stack, value: unknown): string => {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map((part) => resolved(stack, part)).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  if (ref === 'AWS::Partition') return 'aws';
  if (ref === 'AWS::AccountId') return '123456789012';
  return JSON.stringify(value);
};
/** Every statement of the render function's role policy. */
const renderStatements = (template: Template) =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, { Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: any[] } } }>)
    .filter((p) => p.Properties.Roles.some((r) => /SiteRenderRole/.test(r.Ref)))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);

test('environment variables and memory reach the render function alone', () => {
  const { template } = synth(() => ({ environment: { SHOP_API: 'https://api.example.com', FEATURE_X: 'on' }, renderMemoryMB: 2048 }));
  const render = renderOf(template).Properties;
  expect(render.Environment!.Variables).toMatchObject({ SHOP_API: 'https://api.example.com', FEATURE_X: 'on', STRATUS_BUILD_ID: expect.any(String) });
  expect(render.MemorySize).toBe(2048);
  expect(imageOf(template).Properties.Environment!.Variables).not.toHaveProperty('SHOP_API');
  expect(render.Environment!.Variables).not.toHaveProperty(SECRETS_ENV);
});

test('secrets are listed for the function to read at cold start, their values never in the template, read granted on exactly those', () => {
  const { template, stack, site } = synth((scope) => ({
    secrets: {
      DB_PASSWORD: ssm.StringParameter.fromSecureStringParameterAttributes(scope, 'Db', { parameterName: '/shop/db-password' }),
      STRIPE_KEY: secretsmanager.Secret.fromSecretNameV2(scope, 'Stripe', 'shop/stripe'),
      WEBHOOK_KEY: secretsmanager.Secret.fromSecretCompleteArn(scope, 'Hook', 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:shop/hook-AbCdEf'),
    },
  }));
  const listed = decodeSecrets(resolved(stack, renderOf(template).Properties.Environment!.Variables[SECRETS_ENV]));
  expect(Object.fromEntries(listed)).toEqual({
    DB_PASSWORD: { kind: 'ssm', id: '/shop/db-password' },
    STRIPE_KEY: { kind: 'secretsmanager', id: 'shop/stripe' },
    WEBHOOK_KEY: { kind: 'secretsmanager', id: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:shop/hook-AbCdEf' },
  });

  const statements = renderStatements(template);
  const ssmRead = statements.filter((s) => [s.Action].flat().includes('ssm:GetParameters'));
  expect(ssmRead.map((s) => resolved(stack, s.Resource))).toEqual(['arn:aws:ssm:eu-west-1:123456789012:parameter/shop/db-password']);
  // The stack's own draft-mode secret apart (site-regeneration.test.ts).
  const draftSecret = JSON.stringify(stack.resolve(site.regeneration.draftSecret.secretArn));
  const secretRead = statements.filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource) !== draftSecret);
  expect(secretRead.map((s) => resolved(stack, s.Resource)).sort()).toEqual([
    'arn:aws:secretsmanager:eu-west-1:123456789012:secret:shop/hook-AbCdEf',
    'arn:aws:secretsmanager:eu-west-1:123456789012:secret:shop/stripe-??????',
  ]);
  // No wildcard read: no statement reaches other parameters or secrets.
  expect(statements.filter((s) => /ssm:|secretsmanager:/.test(JSON.stringify(s.Action))).every((s) => !/\*$/.test(resolved(stack, s.Resource)))).toBe(true);
});

test('extra permissions: policy statements in the props, and grants on site.render.function after', () => {
  const { template, stack, site } = (() => {
    const app = new App();
    const stack = new Stack(app, 'Shop', { env: { region: 'eu-west-1' } });
    const site = new StratusSite(stack, 'Site', {
      build: readBuildOutput(FIXTURE_BUILD),
      policyStatements: [new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: ['arn:aws:sqs:eu-west-1:123456789012:orders'] })],
    });
    ssm.StringParameter.fromStringParameterName(stack, 'Flags', '/shop/flags').grantRead(site.render.function);
    return { stack, site, template: Template.fromStack(stack) };
  })();
  expect(site.render.function).toBeDefined();
  const actions = renderStatements(template).flatMap((s) => [s.Action].flat().map((a: string) => `${a} ${resolved(stack, s.Resource)}`));
  expect(actions).toContain('sqs:SendMessage arn:aws:sqs:eu-west-1:123456789012:orders');
  expect(actions).toContain('ssm:GetParameter arn:aws:ssm:eu-west-1:123456789012:parameter/shop/flags');
  template.hasResourceProperties('AWS::IAM::Policy', { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'sqs:SendMessage' })]) } });
});

test.each([
  ['an AWS_ name', { environment: { AWS_REGION: 'x' } }, /AWS_REGION.*not usable/],
  ["the framework's names", { environment: { STRATUS_BUCKET: 'x' } }, /STRATUS_BUCKET.*not usable/],
  ['a name that is no variable', { environment: { 'my-var': 'x' } }, /my-var.*not usable/],
  ['both build and appDir', { appDir: 'web/site' }, /either `build` or `appDir`/],
])('bad props fail at synth with the fix: %s', (_, props, message) => {
  expect(() => synth(() => props as Partial<StratusSiteProps>)).toThrow(message);
});

test('a name in both environment and secrets fails at synth', () => {
  expect(() =>
    synth((scope) => ({ environment: { DB: 'x' }, secrets: { DB: ssm.StringParameter.fromStringParameterName(scope, 'P', '/p') } })),
  ).toThrow(/"DB" is in both/);
});

test('no build and no appDir fails at synth saying what to give', () => {
  const app = new App();
  expect(() => new StratusSite(new Stack(app, 'S'), 'Site', {})).toThrow(/needs the app: `appDir/);
});

test('appDir: the build folder of the app is deployed; with autoBuild false, as it is, and a missing one fails with the fix', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-site-app-'));
  try {
    const appDir = path.join(dir, 'my-site');
    cpSync(path.join(__dirname, '../../fixtures/apps/basic/pages/index.tsx'), path.join(appDir, 'pages', 'index.tsx'));
    expect(() => new StratusSite(new Stack(new App(), 'S'), 'Site', { appDir, autoBuild: false })).toThrow(/No complete Stratus build in .*my-site\/\.stratus.*Run `npm run build` \(or `npx stratus build <appDir>`\)/);
    cpSync(FIXTURE_BUILD, path.join(appDir, '.stratus'), { recursive: true });
    const stack = new Stack(new App(), 'S');
    new StratusSite(stack, 'Site', { appDir, autoBuild: false });
    const code = renderOf(Template.fromStack(stack)) as unknown as { Properties: { Code: { S3Key: string } } };
    expect(code.Properties.Code.S3Key).toMatch(/\.zip$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a project's own stack outputs the render function's name, which stratus deploy finds for the code cache; none where the stack outputs it itself (Stratus's own)", () => {
  const { template, stack } = synth(() => ({}));
  const outputs = template.findOutputs('*') as Record<string, { Value: { Ref: string } }>;
  const keys = Object.keys(outputs).filter((key) => key.includes(OUTPUTS.renderFunction));
  expect(keys).toHaveLength(1);
  const renderId = Object.entries(template.findResources('AWS::Lambda::Function')).find(([, r]) => /Stratus render/.test((r as Fn).Properties.Description ?? ''))![0];
  expect(outputs[keys[0]!]!.Value).toEqual({ Ref: renderId });
  // As `cdk deploy --all --outputs-file` writes it: by stack, by output key.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-outputs-'));
  try {
    const file = path.join(dir, 'outputs.json');
    writeFileSync(file, JSON.stringify({ [`${stack.stackName}Edge`]: {}, [stack.stackName]: { [keys[0]!]: 'shop-render-fn', SomethingElse: 'x' } }));
    expect(renderFunctionFrom(file)).toBe('shop-render-fn');
    writeFileSync(file, JSON.stringify({ A: { [keys[0]!]: 'one' }, B: { [keys[0]!]: 'two' } }));
    expect(() => renderFunctionFrom(file)).toThrow(/names 2 render functions.*pass --stack/);
    expect(renderFunctionFrom(file, 'B')).toBe('two');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const off = synth(() => ({ renderFunctionOutput: false })).template.findOutputs('*');
  expect(Object.keys(off).filter((key) => key.includes(OUTPUTS.renderFunction))).toEqual([]);
});
