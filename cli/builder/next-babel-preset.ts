/**
 * Stratus's stand-in for `next/babel` in an app's own Babel config. Next 16's Turbopack build
 * runs that preset in a syntax-only mode and leaves JSX, TypeScript and down-levelling to
 * SWC; here esbuild does that after Babel, so the stand-in only adds what changes the output:
 * styled-jsx, with the options the app gave under `"styled-jsx"` (its `plugins` already
 * resolved to paths by babel-config.ts). Syntax comes from the transform's parser options,
 * so TypeScript and JSX stay in the output for esbuild's loader of the file.
 */
import type { PluginItem } from '@babel/core';

export interface StandInOptions {
  /** The app's `"styled-jsx"` options of next/babel, its plugins as absolute paths. */
  'styled-jsx'?: Record<string, unknown>;
}

export default function nextBabelStandIn(_api: unknown, options: StandInOptions = {}): { plugins: PluginItem[] } {
  return { plugins: [[require.resolve('styled-jsx/babel'), options['styled-jsx'] ?? {}]] };
}
