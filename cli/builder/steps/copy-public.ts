/**
 * Build step: the app's `public/` files, copied as they are to the S3 content, and those of
 * the legacy `static/` folder (the one before `public/`) under `static/`: the pages router
 * still serves `<app>/static/x` at `/static/x`, with a deprecation warning.
 */
import { cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BuildError } from '../errors';
import { APP_PREFIX } from '../../../contract/urls';

/** The URL paths of a folder's files, each as `/<path below the folder>`. */
function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string, base: string) => {
    for (const entry of readdirSync(folder).sort()) {
      const full = path.join(folder, entry);
      const url = `${base}/${entry}`;
      if (statSync(full).isDirectory()) walk(full, url);
      else files.push(url);
    }
  };
  walk(dir, '');
  return files;
}

/** Where a build's warnings go when the caller gives no place: the terminal, as the build's own lines are written. */
const toStderr = (message: string) => void process.stderr.write(`  warning: ${message}\n`);

/**
 * Returns the copied files as URL paths. A file of `static/` and one of `public/static/` at
 * the same path are one URL: `static/`'s is served, as the pages router looks in that folder
 * before `public/`; the warning names both.
 */
export function copyPublic(appDir: string, assetsDir: string, warn: (message: string) => void = toStderr): string[] {
  const publicDir = path.join(appDir, 'public');
  const legacyDir = path.join(appDir, 'static');
  const hasPublic = existsSync(publicDir);
  const hasLegacy = existsSync(legacyDir) && statSync(legacyDir).isDirectory();
  const files = hasPublic ? listFiles(publicDir) : [];
  const clash = files.find((f) => f.startsWith(APP_PREFIX));
  if (clash) throw new BuildError(`public${clash}: ${APP_PREFIX} is reserved for Stratus; move the file elsewhere.`);
  if (hasPublic) cpSync(publicDir, assetsDir, { recursive: true });
  if (!hasLegacy) return files;

  const legacy = listFiles(legacyDir).map((file) => `/static${file}`);
  const inPublic = new Set(files);
  const shadowed = legacy.filter((file) => inPublic.has(file));
  cpSync(legacyDir, path.join(assetsDir, 'static'), { recursive: true });
  warn(
    `static/: the legacy static folder is deprecated in the pages router; its files are served at /static/… for now, but move the folder to public/static/ (the URLs stay the same).` +
      (shadowed.length > 0 ? ` ${shadowed.map((file) => file.slice(1)).join(', ')} ${shadowed.length === 1 ? 'is' : 'are'} also in public/static/: the static/ copy is served; keep one.` : ''),
  );
  return [...new Set([...files, ...legacy])].sort();
}
