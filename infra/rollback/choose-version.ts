/**
 * Which published version a rollback returns a function's `live` alias to. Every deploy
 * publishes one version of each function, described `deploy <deployId> build <buildId>`
 * (infra/constructs/stratus-site.ts), so "the previous deploy" is the newest version older
 * than the alias's current one that belongs to a different deploy.
 */

export interface PublishedVersion {
  /** Lambda's version number as a string (`"7"`); `$LATEST` is never a target. */
  version: string;
  description?: string;
}

export interface VersionTag {
  deployId?: string;
  buildId?: string;
}

/** Reads `deploy <id> build <id>` from a version description. */
export function parseVersionTag(description = ''): VersionTag {
  const match = /^deploy (\S+) build (\S+)/.exec(description);
  return match ? { deployId: match[1], buildId: match[2] } : {};
}

/**
 * The version to roll back to, or a reason there is none.
 *
 * @example
 * chooseRollbackVersion([{ version: '1', description: 'deploy a build x' }, { version: '2', description: 'deploy b build y' }], '2');
 * // { version: '1', description: 'deploy a build x' }
 */
export function chooseRollbackVersion(
  versions: readonly PublishedVersion[],
  currentVersion: string,
): { ok: true; target: PublishedVersion } | { ok: false; reason: string } {
  const current = Number(currentVersion);
  if (!Number.isInteger(current)) return { ok: false, reason: `the alias points at "${currentVersion}", not a published version` };
  const currentDeploy = parseVersionTag(versions.find((v) => v.version === currentVersion)?.description).deployId;
  const older = versions
    .filter((v) => /^\d+$/.test(v.version) && Number(v.version) < current)
    .filter((v) => currentDeploy === undefined || parseVersionTag(v.description).deployId !== currentDeploy)
    .sort((a, b) => Number(b.version) - Number(a.version));
  const target = older[0];
  return target ? { ok: true, target } : { ok: false, reason: `no published version older than ${currentVersion} from another deploy` };
}
