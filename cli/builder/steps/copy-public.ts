/** Build step: the app's `public/` files, copied as they are to the S3 content. */
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BuildError } from '../errors';
import { APP_PREFIX } from '../../../contract/urls';

/** Returns the copied files as URL paths. */
export function copyPublic(appDir: string, assetsDir: string): string[] {
  const publicDir = path.join(appDir, 'public');
  if (!existsSync(publicDir)) return [];
  const files: string[] = [];
  const walk = (dir: string, base: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const full = path.join(dir, entry);
      const url = `${base}/${entry}`;
      if (statSync(full).isDirectory()) walk(full, url);
      else files.push(url);
    }
  };
  walk(publicDir, '');
  const clash = files.find((f) => f.startsWith(APP_PREFIX));
  if (clash) throw new BuildError(`public${clash}: ${APP_PREFIX} is reserved for Stratus; move the file elsewhere.`);
  cpSync(publicDir, assetsDir, { recursive: true });
  return files;
}
