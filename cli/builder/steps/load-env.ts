/**
 * Build step: environment files, as pages-router apps keep them. For a production build
 * `.env.production.local`, `.env.local`, `.env.production` and `.env` are read, the first
 * file to set a name winning, and a variable already in the environment winning over all.
 * What they set is visible to data functions at build time (prerendering). Variables named
 * `NEXT_PUBLIC_*` are the only ones inlined into code: into the browser bundle, and into the
 * render bundle so server and browser render the same text.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'dotenv';

/** The prefix that marks a variable as safe to ship to browsers. */
export const PUBLIC_ENV_PREFIX = 'NEXT_PUBLIC_';

export interface LoadedEnv {
  /** The files read, nearest first, relative to the app. */
  files: string[];
  /** `NEXT_PUBLIC_*` names and values, to inline. */
  publicEnv: Record<string, string>;
  /** Names the files set that are not public: seen while building, not by the deployed function. */
  serverOnly: string[];
  /** Takes out of the environment what the files put in (a process may build several apps). */
  restore(): void;
}

/** Env file names for a mode, the strongest first. */
export function envFiles(mode: 'production' | 'development'): string[] {
  return [`.env.${mode}.local`, '.env.local', `.env.${mode}`, '.env'];
}

export function loadEnv(appDir: string, mode: 'production' | 'development' = 'production', env: NodeJS.ProcessEnv = process.env): LoadedEnv {
  const files: string[] = [];
  const added: string[] = [];
  for (const name of envFiles(mode)) {
    const file = path.join(appDir, name);
    if (!existsSync(file)) continue;
    files.push(name);
    for (const [key, value] of Object.entries(parse(readFileSync(file)))) {
      if (env[key] !== undefined) continue;
      env[key] = value;
      added.push(key);
    }
  }
  const publicEnv: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith(PUBLIC_ENV_PREFIX) && value !== undefined) publicEnv[key] = value;
  }
  const serverOnly = added.filter((key) => !key.startsWith(PUBLIC_ENV_PREFIX));
  return { files, publicEnv, serverOnly, restore: () => added.forEach((key) => delete env[key]) };
}

/**
 * What `process.env` becomes in the browser: a global the client bundle sets to `{}` before
 * any other module runs (bundle-client.ts). Defining `process.env` as `{}` itself would do
 * the same, but esbuild then makes it a module that every module of the bundle initialises
 * (`init_define_process_env()`), and that any chunk loaded on demand would split off.
 */
export const BROWSER_ENV = '__STRATUS_ENV__';

/**
 * esbuild `define`s that inline the public variables. In the browser every other
 * `process.env.X` reads as undefined (there is no `process` there), instead of throwing.
 */
export function publicEnvDefines(publicEnv: Record<string, string>, target: 'browser' | 'server'): Record<string, string> {
  const defines: Record<string, string> = {};
  for (const [key, value] of Object.entries(publicEnv)) defines[`process.env.${key}`] = JSON.stringify(value);
  if (target === 'browser') defines['process.env'] = BROWSER_ENV;
  return defines;
}
