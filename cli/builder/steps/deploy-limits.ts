/**
 * Build step: what AWS would refuse, refused now with how to fix it, instead of `cdk deploy`
 * failing halfway (or CloudFront answering 502 later): a function folder over Lambda's
 * limit, more behaviours than a distribution takes, an edge function over 10 KB, and a
 * `headers()` rule whose headers CloudFront cannot pass on.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { bodyRoutesOf, edgeBehaviours, edgeRoutingOf } from '../../../contract/edge-behaviours';
import type { Manifest } from '../../../contract/manifest';
import { edgeConfigOf, viewerRequestCode } from '../../../infra/edge/viewer-request';
import { BuildError } from '../errors';
import { formatBytes } from './summarize';

/** Lambda's limit on a function's code, unzipped, layers included (250 MB): https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html */
export const LAMBDA_UNZIPPED_BYTES = 262_144_000;

/**
 * CloudFront's limit on an origin response's length, headers included, body excluded
 * (20,480 bytes): https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html
 * A rule's headers get at most this much of it; the rest is for the page's own headers.
 */
export const CLOUDFRONT_RESPONSE_HEADER_BYTES = 20_480;
export const RULE_HEADER_BUDGET = 16_384;

export interface DeployLimitOptions {
  /** @default LAMBDA_UNZIPPED_BYTES */
  lambdaBytes?: number;
  /** @default RULE_HEADER_BUDGET */
  headerBytes?: number;
}

/** Each file's size below `dir`, largest first. */
function filesOf(dir: string): { file: string; bytes: number }[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file: path.relative(dir, file), bytes: statSync(file).size };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** The packages shipped whole in the folder's node_modules (server-packages.ts), largest first: what they take of it. */
function packagesLine(files: readonly { file: string; bytes: number }[]): string {
  const sizes = new Map<string, number>();
  for (const { file, bytes } of files) {
    const parts = file.split(path.sep);
    if (parts[0] !== 'node_modules' || parts.length < 3) continue;
    const name = parts[1]!.startsWith('@') ? `${parts[1]}/${parts[2]}` : parts[1]!;
    sizes.set(name, (sizes.get(name) ?? 0) + bytes);
  }
  if (sizes.size === 0) return '';
  const all = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  const top = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, bytes]) => `${name} ${formatBytes(bytes)}`).join(', ');
  return ` Packages required at run time (node_modules) take ${formatBytes(all)}: ${top}.`;
}

/** A function folder's size against Lambda's limit. */
function checkFunction(name: string, dir: string, limit: number): void {
  const files = filesOf(dir);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  if (total <= limit) return;
  const largest = files.slice(0, 3).map((f) => `${f.file} ${formatBytes(f.bytes)}`).join(', ');
  throw new BuildError(
    `The ${name} function's folder is ${formatBytes(total)}; Lambda takes at most ${formatBytes(limit)} unzipped, so the deploy would fail. ` +
      `Largest files: ${largest}.${packagesLine(files)} Keep data the pages import out of the bundle (read it in getStaticProps at build time, or from S3 or a database at run time) and large packages out of the server code.`,
  );
}

/** The build checked against what the deploy would refuse; throws BuildError saying what and how to fix it. */
export function checkDeployLimits(outDir: string, manifest: Manifest, dirs: { render: string; image?: string }, options: DeployLimitOptions = {}): void {
  const lambdaBytes = options.lambdaBytes ?? LAMBDA_UNZIPPED_BYTES;
  checkFunction('render', dirs.render, lambdaBytes);
  if (dirs.image) checkFunction('image', dirs.image, lambdaBytes);

  const bodies = bodyRoutesOf(manifest);
  try {
    edgeBehaviours(manifest.publicFiles, bodies, edgeRoutingOf(manifest));
  } catch (error) {
    throw new BuildError(`CloudFront would refuse the distribution: ${(error as Error).message}`);
  }
  try {
    viewerRequestCode(edgeConfigOf(manifest.config, bodies, manifest.buildId, manifest.routes));
  } catch (error) {
    throw new BuildError(`CloudFront would refuse the edge function: ${(error as Error).message} Fewer locales (or shorter names) make it smaller.`);
  }

  const budget = options.headerBytes ?? RULE_HEADER_BUDGET;
  for (const rule of manifest.config.routing?.headers ?? []) {
    // Each header line as it goes on the wire: `name: value\r\n`.
    const bytes = rule.headers.reduce((sum, { key, value }) => sum + Buffer.byteLength(key) + Buffer.byteLength(value) + 4, 0);
    if (bytes > budget) {
      throw new BuildError(
        `headers() rule for ${JSON.stringify(rule.source)} adds ${formatBytes(bytes)} of headers; CloudFront passes on at most ${formatBytes(CLOUDFRONT_RESPONSE_HEADER_BYTES)} of an origin's response headers in all, so its pages would answer 502. ` +
          `Keep a rule's headers under ${formatBytes(budget)} (a long Content-Security-Policy can move to a <meta http-equiv> in _document).`,
      );
    }
  }
}
