/** Build step: `stratus.config.ts` (or .js), compiled and evaluated, with defaults filled in. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { resolveConfig, type ResolvedConfig, type StratusConfig } from '../../../contract/config';
import { BuildError } from '../errors';

const CONFIG_FILES = ['stratus.config.ts', 'stratus.config.js', 'stratus.config.mjs'];

export function loadConfig(appDir: string, cacheDir: string): ResolvedConfig {
  const file = CONFIG_FILES.map((name) => path.join(appDir, name)).find(existsSync);
  if (!file) return resolveConfig({});
  mkdirSync(cacheDir, { recursive: true });
  const outfile = path.join(cacheDir, 'config.cjs');
  try {
    buildSync({ entryPoints: [file], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'silent' });
  } catch (error) {
    const text = (error as { errors?: { text: string }[] }).errors?.map((e) => e.text).join('; ') ?? String(error);
    throw new BuildError(`${path.relative(process.cwd(), file)}: ${text}`);
  }
  delete require.cache[outfile];
  const loaded = require(outfile) as { default?: StratusConfig } & StratusConfig;
  try {
    return resolveConfig(loaded.default ?? loaded);
  } catch (error) {
    throw new BuildError(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
}
