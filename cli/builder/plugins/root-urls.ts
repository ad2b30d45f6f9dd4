/**
 * esbuild plugin of the browser build: a stylesheet's `url(/fonts/inter.woff2)` or
 * `@import '/theme.css'` names a file the site serves (from `public/`), as the pages router
 * leaves it; esbuild would look for it on the build machine's disk and stop the build. Left as
 * written: the browser asks the site for it. (Relative URLs stay with esbuild, which copies the
 * file beside the chunks.)
 *
 * @example
 * plugins: [rootUrlsPlugin()]
 */
import type { Plugin } from 'esbuild';

export function rootUrlsPlugin(): Plugin {
  return {
    name: 'stratus-root-urls',
    setup(build) {
      build.onResolve({ filter: /^\/[^/]/ }, (args) => (args.kind === 'url-token' || args.kind === 'import-rule' ? { path: args.path, external: true } : undefined));
    },
  };
}
