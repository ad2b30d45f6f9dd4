/**
 * Moves each function's `live` alias back to the previous deploy's version. The Function
 * URLs sit on the alias, so CloudFront serves the old code at once: no distribution change,
 * no CloudFormation run. The next `npm run deploy` moves the aliases forward again.
 */
import {
  GetAliasCommand,
  type LambdaClient,
  ListVersionsByFunctionCommand,
  UpdateAliasCommand,
} from '@aws-sdk/client-lambda';
import { chooseRollbackVersion, parseVersionTag, type PublishedVersion } from './choose-version';

export interface RollbackTarget {
  /** Label for messages (`render`, `image`). */
  label: string;
  functionName: string;
  aliasName: string;
}

export interface RollbackStep extends RollbackTarget {
  from: string;
  to: string;
  toDeployId?: string;
  toBuildId?: string;
}

export interface RollbackOptions {
  client: Pick<LambdaClient, 'send'>;
  targets: readonly RollbackTarget[];
  /** Work out and report the steps without moving any alias. @default false */
  dryRun?: boolean;
}

/** Every published version of a function, following the pagination. */
export async function listVersions(client: RollbackOptions['client'], functionName: string): Promise<PublishedVersion[]> {
  const versions: PublishedVersion[] = [];
  let marker: string | undefined;
  do {
    const page = await client.send(new ListVersionsByFunctionCommand({ FunctionName: functionName, Marker: marker }));
    for (const v of page.Versions ?? []) if (v.Version) versions.push({ version: v.Version, description: v.Description });
    marker = page.NextMarker;
  } while (marker);
  return versions;
}

/**
 * Plans every step first and moves no alias unless all functions have somewhere to go,
 * so the site never ends up half rolled back.
 */
export async function rollback(options: RollbackOptions): Promise<RollbackStep[]> {
  const steps: RollbackStep[] = [];
  for (const target of options.targets) {
    const alias = await options.client.send(new GetAliasCommand({ FunctionName: target.functionName, Name: target.aliasName }));
    const current = alias.FunctionVersion ?? '';
    const choice = chooseRollbackVersion(await listVersions(options.client, target.functionName), current);
    if (!choice.ok) throw new Error(`Cannot roll back ${target.label} (${target.functionName}): ${choice.reason}.`);
    const tag = parseVersionTag(choice.target.description);
    steps.push({ ...target, from: current, to: choice.target.version, toDeployId: tag.deployId, toBuildId: tag.buildId });
  }
  if (options.dryRun) return steps;
  for (const step of steps) {
    await options.client.send(
      new UpdateAliasCommand({ FunctionName: step.functionName, Name: step.aliasName, FunctionVersion: step.to }),
    );
  }
  return steps;
}
