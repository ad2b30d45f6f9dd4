/**
 * Whether AWS credentials can be found, and the one message every deploy command gives when
 * they cannot (`stratus deploy`, `npm run deploy`): how to sign in, instead of the CDK's raw
 * "Unable to resolve AWS account".
 */

// The SDK's notice that its 2027 releases need Node 22 is for the SDK's own users; deploying only asks it for credentials.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** The AWS SDK's default chain (environment, profile, SSO, container, instance), as the CDK CLI uses it. */
export async function findCredentials(region: string): Promise<void> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region });
  try {
    await client.config.credentials();
  } finally {
    client.destroy();
  }
}

/** What to do without credentials; `synthesized`: where the stack was synthesized and the command that deploys it as it is. */
export function noCredentialsMessage(cause: unknown, synthesized?: { assembly: string; deploy: string }): string {
  return (
    `No AWS credentials found (${String((cause as Error)?.message ?? cause).split('\n')[0]}).\n` +
    'Sign in first, then deploy again: `aws configure sso` or `aws configure` once, then `aws sso login` and AWS_PROFILE=<profile>,\n' +
    'or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. The first deploy to an account and region also needs `npx cdk bootstrap`.' +
    (synthesized ? `\nThe stack is synthesized in ${synthesized.assembly}; \`${synthesized.deploy}\` deploys it as it is.` : '')
  );
}
