/**
 * How the build's Babel passes read an app file (compiler-transforms.ts, typeof-window.ts,
 * import-context.ts): TypeScript by the file's extension, JSX (in `.js` too, as the pages
 * router allows it), and decorators when the file has any, so each pass parses what the others do.
 */
import type { ParserOptions, types } from '@babel/core';
import { mayHaveDecorators } from './decorators';

type ParserPlugin = NonNullable<ParserOptions['plugins']>[number];
type Babel = typeof import('@babel/core');

let babel: Babel | undefined;

/** `.ts`, `.tsx`, `.mts`, `.cts`: a file the passes read as TypeScript. */
export const isTypeScriptFile = (file: string): boolean => /\.[cm]?tsx?$/.test(file);

/**
 * @param decorators The decorators' syntax: TypeScript's legacy ones (`experimentalDecorators`, also what a
 * parse-only pass uses: they print back as written) or the standard ones.
 * @example
 * appParserPlugins('pages/a.tsx', source); // ['typescript', 'jsx']
 */
export function appParserPlugins(file: string, source: string, decorators: 'decorators-legacy' | 'decorators' = 'decorators-legacy'): ParserPlugin[] {
  const language: ParserPlugin[] = isTypeScriptFile(file) ? (file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript']) : ['jsx'];
  return mayHaveDecorators(source) ? [...language, decorators] : language;
}

/**
 * The file's syntax tree, for a pass that reads it (Babel loaded on first use); undefined when it
 * does not parse, which esbuild then reports with its place.
 */
export function parseAppSource(file: string, code: string, options: { errorRecovery?: boolean } = {}): types.File | undefined {
  babel ??= require('@babel/core') as Babel;
  try {
    return babel.parseSync(code, {
      filename: file,
      babelrc: false,
      configFile: false,
      sourceType: 'module',
      parserOpts: { plugins: appParserPlugins(file, code), errorRecovery: options.errorRecovery },
    }) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A syntax-tree node as the passes read it: its type, its place in the text, its fields. */
export type AstNode = { type: string; start?: number | null; end?: number | null; [key: string]: unknown };

/** Every node below `node`, with the field of its parent it stands in (`id`, `params`, …); comments and locations skipped. */
export function walkAst(node: unknown, visit: (node: AstNode, key: string) => void, key = ''): void {
  if (Array.isArray(node)) {
    for (const item of node) walkAst(item, visit, key);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  visit(node as AstNode, key);
  for (const [name, child] of Object.entries(node)) {
    if (name !== 'loc' && !name.endsWith('Comments') && child && typeof child === 'object') walkAst(child, visit, name);
  }
}

/**
 * `code` with each node's text replaced by its `text()`, in the order of the text; a node inside
 * one already replaced is left to it. A replacement keeps the lines of what it replaces, so the
 * lines below keep their numbers (source maps, errors).
 */
export function replaceNodes(code: string, replacements: { node: AstNode; text: () => string }[]): string {
  const lines = (text: string) => text.split('\n').length - 1;
  let out = '';
  let at = 0;
  for (const { node, text } of [...replacements].sort((a, b) => a.node.start! - b.node.start!)) {
    if (node.start! < at) continue;
    const replacement = text();
    out += code.slice(at, node.start!) + replacement + '\n'.repeat(Math.max(0, lines(code.slice(node.start!, node.end!)) - lines(replacement)));
    at = node.end!;
  }
  return out + code.slice(at);
}
