/**
 * The part of fs-extra Next's tests use (its promise functions and Node's own), so that
 * the outside tests do not depend on a package the project does not list.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

const exists = (file: string) => fsp.access(file).then(() => true, () => false);
const writeCreatingDirs = async (file: string, data: string | Uint8Array) => {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await fsp.writeFile(file, data);
};

const fsExtra = {
  ...fs,
  readdir: fsp.readdir,
  readFile: fsp.readFile,
  writeFile: fsp.writeFile,
  stat: fsp.stat,
  rename: fsp.rename,
  move: fsp.rename,
  unlink: fsp.unlink,
  mkdir: fsp.mkdir,
  access: fsp.access,
  remove: (file: string) => fsp.rm(file, { recursive: true, force: true }),
  pathExists: exists,
  ensureDir: (dir: string) => fsp.mkdir(dir, { recursive: true }),
  mkdirp: (dir: string) => fsp.mkdir(dir, { recursive: true }),
  copy: (from: string, to: string) => fsp.cp(from, to, { recursive: true }),
  outputFile: writeCreatingDirs,
  readJSON: async (file: string) => JSON.parse(await fsp.readFile(file, 'utf8')),
  readJson: async (file: string) => JSON.parse(await fsp.readFile(file, 'utf8')),
  writeJSON: (file: string, value: unknown) => fsp.writeFile(file, JSON.stringify(value, null, 2)),
  writeJson: (file: string, value: unknown) => fsp.writeFile(file, JSON.stringify(value, null, 2)),
  existsSync: fs.existsSync,
};

export default fsExtra;
export const { readdir, readFile, writeFile, stat, remove, pathExists, ensureDir, mkdirp, copy, move, outputFile, readJSON, readJson, writeJSON, writeJson, existsSync, readFileSync, writeFileSync, readdirSync } = fsExtra;
