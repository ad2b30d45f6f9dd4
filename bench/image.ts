/**
 * Images per second through the image core against sharp called directly on the same
 * transform (2400 px JPEG → 640 px WebP, q 75), interleaved in one run so both see the
 * same machine state. Prints both medians (images/s of one call in a row, sequential as
 * on Lambda) and their ratio; the target is ≥ 0.9.
 *
 * Run: npm run bench:image [-- --rounds 7 --images 20]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createImageCore } from '../lambdas/image/image-core';
import { getSharp } from '../lambdas/image/sharp';
import { createLocalSource } from '../lambdas/image/sources/local';
import { setLogSink } from '../lambdas/shared/log';
import { resolveConfig } from '../contract/config-schema';

const TARGET_RATIO = 0.9;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `once` `count` times in a row (warm-up). */
async function repeat(count: number, once: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i++) await once();
}

async function main(): Promise<void> {
  const rounds = option('rounds', 7);
  const images = option('images', 20);
  const sharp = getSharp();
  const dir = mkdtempSync(join(tmpdir(), 'stratus-bench-image-'));
  try {
    // A photo-like source: noise defeats the shortcuts a flat colour would allow.
    const jpeg = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    writeFileSync(join(dir, 'photo.jpg'), jpeg);
    // Log lines are built as usual but not printed, so the bench output stays readable.
    setLogSink(() => undefined);
    const core = createImageCore({ config: resolveConfig().images, source: createLocalSource(dir) });
    const request = () => ({ method: 'GET', path: '/_app/image', rawQuery: 'url=%2Fphoto.jpg&w=640&q=75', headers: { accept: 'image/webp' } });

    const viaHandler = async () => {
      const response = await core(request(), { requestId: 'bench' });
      if (response.status !== 200) throw new Error(`handler answered ${response.status}: ${String(response.body)}`);
    };
    const viaSharp = () => sharp(jpeg).resize({ width: 640 }).webp({ quality: 75 }).toBuffer();

    // Warm-up: first calls pay for library initialisation.
    await repeat(3, viaHandler);
    await repeat(3, viaSharp);

    // Calls alternate one by one, so a burst of load from elsewhere hits both sides alike;
    // the rate is 1 / the median time of one call.
    const handlerTimes: number[] = [];
    const sharpTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < images; i++) {
        const handlerFirst = (round + i) % 2 === 0;
        for (const [run, times] of handlerFirst
          ? ([[viaHandler, handlerTimes], [viaSharp, sharpTimes]] as const)
          : ([[viaSharp, sharpTimes], [viaHandler, handlerTimes]] as const)) {
          const started = performance.now();
          await run();
          times.push(performance.now() - started);
        }
      }
    }
    const handler = 1000 / median(handlerTimes);
    const raw = 1000 / median(sharpTimes);
    const ratio = handler / raw;
    console.log(`image bench: 2400 px JPEG → 640 px WebP q75, ${rounds} rounds × ${images} images, sharp concurrency ${sharp.concurrency()}`);
    console.log(`  handler:   ${handler.toFixed(1)} images/s (median)`);
    console.log(`  raw sharp: ${raw.toFixed(1)} images/s (median)`);
    console.log(`  ratio:     ${ratio.toFixed(3)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
