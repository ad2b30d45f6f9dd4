/**
 * Which machines a package's native addons (`.node` files) run on, read from their headers, so
 * the build can say when the render function ships a package Lambda cannot load: an addon
 * compiled on the build machine (x64) for a function that runs on arm64, or on a Mac.
 *
 * @example
 * addonMachines('/out/lambdas/render/node_modules/bcrypt'); // Set { 'linux-x64', 'linux-arm64', 'darwin', … }
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';

/** ELF's e_machine values for Lambda's two architectures. */
const ELF_MACHINES: Record<number, string> = { 62: 'linux-x64', 183: 'linux-arm64' };

/** What one `.node` file is built for: `linux-x64`, `linux-arm64`, or `other` (another OS or CPU). */
export function addonMachine(file: string): string {
  const header = Buffer.alloc(20);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    if (readSync(fd, header, 0, 20, 0) < 20) return 'other';
  } catch {
    return 'other';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  if (header.readUInt32BE(0) !== 0x7f454c46) return 'other';
  return ELF_MACHINES[header.readUInt16LE(18)] ?? 'other';
}

/** The machines of every `.node` file under `dir` (its own node_modules included). */
export function addonMachines(dir: string): Set<string> {
  const machines = new Set<string>();
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.node')) machines.add(addonMachine(full));
    }
  };
  walk(dir);
  return machines;
}
