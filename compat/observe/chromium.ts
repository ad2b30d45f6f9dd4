/** Chromium for the checks: Debian's build through playwright-core, quiet and sandbox-free. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Playwright starts Chromium with a fresh temporary `--user-data-dir` of its own on every
 * launch (and refuses one in `args`), so no profile state carries over between runs.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    timeout: 30_000,
  });
}
