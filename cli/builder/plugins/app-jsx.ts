/**
 * esbuild plugin: the app's own `.js` files may hold JSX, as pages-router apps commonly
 * write it (esbuild's default `js` loader refuses JSX). Files in node_modules keep the
 * plain `js` loader: a package ships compiled code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

export function appJsxPlugin(appDir: string): Plugin {
  const root = path.resolve(appDir) + path.sep;
  return {
    name: 'stratus-app-jsx',
    setup(build) {
      build.onLoad({ filter: /\.js$/, namespace: 'file' }, (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        return { contents: readFileSync(args.path, 'utf8'), loader: 'jsx' };
      });
    },
  };
}
