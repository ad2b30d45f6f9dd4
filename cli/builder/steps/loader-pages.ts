/**
 * Build step: pages that a `turbopack.rules` loader turns into code (`pages/about.mdx` with
 * @next/mdx), as the pages router takes any `pageExtensions` file its bundler can load. Says
 * which page extensions nothing compiles, and gives the analysis the code a loader made of
 * each such page (its exports decide its kind, as for any page).
 *
 * @example
 * const loaderPages = loaderPagesOf(appDir, rules);
 * const scanned = scanPages(appDir, pageExtensions, loaderPages.isCode);
 * const routes = analysePages(appDir, scanned, await loaderPages.made(scanned));
 */
import path from 'node:path';
import { COMPILED_EXTENSIONS } from '../../../contract/config-schema';
import type { LoaderRules, RuleOutput } from '../loader-rules';
import type { MadePages } from './analyse-pages';
import type { ScannedPages } from './scan-pages';

const CODE: Partial<Record<RuleOutput, 'tsx' | 'ts' | 'jsx'>> = { jsx: 'jsx', tsx: 'tsx', ts: 'ts' };
const isCompiled = (file: string) => COMPILED_EXTENSIONS.includes(path.extname(file));

export function loaderPagesOf(appDir: string, rules: LoaderRules | undefined) {
  /** What a rule makes of a file, as the render function's bundle takes it; undefined for none (or a content condition on a file not there). */
  const codeKind = (file: string) => {
    try {
      const output = rules?.outputOf(path.join(appDir, file), { browser: false });
      return output && CODE[output];
    } catch {
      return undefined;
    }
  };
  return {
    /** Whether a file of the app (`pages/about.mdx`) is code a loader makes. */
    isCode: (file: string) => !isCompiled(file) && codeKind(file) !== undefined,
    /** The page extensions neither the bundler nor a loader compiles, with the warning each gets. */
    uncompiled(pageExtensions: readonly string[] = [], pagesFolder = 'pages'): string[] {
      return pageExtensions
        .filter((ext) => !isCompiled(`x.${ext}`) && codeKind(`${pagesFolder}/x.${ext}`) === undefined)
        .map((ext) => `pageExtensions "${ext}": files ending in .${ext} are not pages: Stratus compiles ${COMPILED_EXTENSIONS.join(', ')}, and no turbopack.rules loader makes code of them (@next/mdx adds one for .mdx)`);
    },
    /** The code a loader made of each such page, for the analysis. */
    async made(scanned: ScannedPages): Promise<MadePages> {
      const made = new Map<string, { code: string; loader: 'tsx' | 'ts' | 'jsx' }>();
      const files = [...scanned.routes.map((route) => route.file), ...Object.values(scanned.special)].filter((file) => !isCompiled(file));
      for (const file of files) {
        const result = await rules!.apply(path.join(appDir, file), { browser: false });
        const loader = result && CODE[result.output];
        if (result && loader) made.set(file, { code: result.contents.toString(), loader });
      }
      return made;
    },
  };
}
