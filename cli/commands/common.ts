/**
 * What several commands share: the app folder (named, or the current folder when it is an
 * app), the build folder and the port, each with its option spec and its one check.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { UsageError, type OptionSpec } from '../command';

export const OUT_OPTION: OptionSpec = { type: 'string', placeholder: 'DIR', description: 'Build folder (default: <appDir>/.stratus)' };
export const PORT_OPTION: OptionSpec = { type: 'string', placeholder: 'N', description: 'Port to listen on (default: $PORT, else 3000); 0 picks a free one' };
export const STACK_OPTION: OptionSpec = { type: 'string', placeholder: 'NAME', description: 'The CloudFormation stack (default: Stratus)' };
export const REGION_OPTION: OptionSpec = { type: 'string', placeholder: 'REGION', description: "Its region (default: $AWS_REGION, else the profile's)" };
export const OUTPUTS_OPTION: OptionSpec = {
  type: 'string',
  placeholder: 'FILE',
  description: "The deploy's outputs (default: the ones stratus deploy wrote,\n<appDir>/.stratus/cdk-outputs.json)",
};

/** Folders that make a folder an app, as in the pages router. */
const PAGES_FOLDERS = ['pages', path.join('src', 'pages')];

/** Whether `dir` holds pages/ or src/pages/. */
export const isAppFolder = (dir: string) => PAGES_FOLDERS.some((folder) => existsSync(path.join(dir, folder)));

/**
 * The app folder: the one named, else the current folder when it is an app; otherwise a
 * one-line message saying what to do.
 */
export function appDirFrom(arg: string | undefined, command: string): string {
  // Its real path, when it is there: the bundler names files by theirs (an app reached through a symbolic link).
  if (arg !== undefined) return existsSync(arg) ? realpathSync(path.resolve(arg)) : path.resolve(arg);
  const cwd = process.cwd();
  if (isAppFolder(cwd)) return cwd;
  throw new UsageError(`no app here (${cwd} has no pages/ nor src/pages/): run it in your app's folder, or name it: stratus ${command} my-site`);
}

export const outDirFrom = (value: string | undefined) => (value ? path.resolve(value) : undefined);

/** `--port`, else `$PORT`, else 3000; a whole number from 0 to 65535. */
export function portFrom(value: string | undefined): number {
  const text = value ?? process.env.PORT ?? '3000';
  const port = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got "${text}"`);
  return port;
}

export const TRACE_OPTION = {
  type: 'boolean' as const,
  description: "Trace each request: a tree of its spans on stderr, or OTLP/HTTP to\n$OTEL_EXPORTER_OTLP_ENDPOINT when set (the same spans as in AWS)",
} as const satisfies OptionSpec;

/**
 * `--trace`: the functions' tracing mode (STRATUS_TRACING, read by the render and image
 * functions): OTLP when an endpoint is set, else the tree on stderr. A value already set wins.
 */
export function applyTraceOption(trace: boolean | undefined, env: NodeJS.ProcessEnv = process.env): void {
  if (!trace || env.STRATUS_TRACING) return;
  env.STRATUS_TRACING = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT ? 'otlp' : 'console';
}
