/**
 * The benchmark photo: a 2400×1600 JPEG drawn from a seeded random generator, so every run
 * (and every machine) encodes the same bytes. Smooth colour fields with grain, so that
 * JPEG and WebP work about as hard as on a real photo.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_WIDTH = 2400;
export const PHOTO_HEIGHT = 1600;
const SEED = 0x5eed;

/** mulberry32: a small seeded generator (same sequence everywhere). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes the photo to `file` unless it is there already. */
export async function generatePhoto(file: string): Promise<void> {
  if (existsSync(file) && statSync(file).size > 0) return;
  const next = random(SEED);
  const blobs = Array.from({ length: 24 }, () => ({
    x: next() * PHOTO_WIDTH, y: next() * PHOTO_HEIGHT, r: 150 + next() * 600,
    c: [next() * 255, next() * 255, next() * 255] as const,
  }));
  const pixels = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      let r = 40 + (x / PHOTO_WIDTH) * 80, g = 60 + (y / PHOTO_HEIGHT) * 90, b = 110;
      for (const blob of blobs) {
        const d2 = ((x - blob.x) ** 2 + (y - blob.y) ** 2) / (blob.r * blob.r);
        if (d2 < 1) {
          const w = (1 - d2) * 0.6;
          r += (blob.c[0] - r) * w; g += (blob.c[1] - g) * w; b += (blob.c[2] - b) * w;
        }
      }
      const grain = (next() - 0.5) * 24;
      const i = (y * PHOTO_WIDTH + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, r + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  const jpeg = await sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, jpeg);
}

/**
 * `count` distinct source files (`p0.jpg`…) in `dir`, hard links of `photo`: distinct URLs
 * defeat every cache without copying megabytes. Returns their names.
 */
export function linkPhotos(photo: string, dir: string, prefix: string, count: number): string[] {
  mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}${i}.jpg`;
    const file = path.join(dir, name);
    if (!existsSync(file)) linkSync(photo, file);
    names.push(name);
  }
  return names;
}

/** Removes the linked copies again. */
export function unlinkPhotos(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { force: true });
}
