/**
 * A build's prerendered page as the render function reads it: the page object under the
 * build folder's `pages/<buildId>/` (contract/output-layout.ts, `pageObjectKey`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readManifest } from '../../contract/manifest';
import { OUTPUT_LAYOUT, pageObjectKey } from '../../contract/output-layout';
import { hashedKey } from '../../lambdas/render/ports/page-object';
import type { StoredPage } from '../../lambdas/render/ports/ports';

/** The page object of `pagePath` in `locale`; throws when the build prerendered none. */
export function prerenderedPage(outDir: string, pagePath: string, locale = 'en'): StoredPage {
  const { buildId } = readManifest(path.join(outDir, OUTPUT_LAYOUT.manifest));
  return JSON.parse(readFileSync(path.join(outDir, OUTPUT_LAYOUT.pages, pageObjectKey(buildId, locale, pagePath, hashedKey)), 'utf8')) as StoredPage;
}

/** Its HTML. */
export function prerenderedHtml(outDir: string, pagePath: string, locale = 'en'): string {
  return prerenderedPage(outDir, pagePath, locale).html;
}
