/**
 * `typeof window` as a constant in the app's own code, as `next build` makes it (SWC's
 * `optimizer.globals.typeofs`): `'object'` in the browser bundle, `'undefined'` in the
 * server's. A branch such as `if (typeof window === 'undefined') await import('./server')`
 * is then dead code where it cannot run, and what it imports (msw/node, a database driver)
 * stays out of the bundle that could not load it. esbuild's `define` cannot name a `typeof`
 * expression, so the app's files are rewritten before esbuild reads them: only real
 * `typeof window` expressions (not text in strings, comments or JSX), and not in a file that
 * declares a `window` of its own.
 *
 * @example
 * foldTypeofWindow(compile, 'browser')('/app/lib/mocks.ts', "if (typeof window === 'undefined') {}");
 * // "if ('object' === 'undefined') {}"
 */
import { parseAppSource, replaceNodes, walkAst as walk, type AstNode } from './app-parser';
import type { SourceTransform } from './compiler-transforms';

type Node = AstNode;

const VALUE = { browser: "'object'", server: "'undefined'" } as const;

/** Where a name is declared rather than read: a variable, a function or class, a parameter, an import. */
const BINDING_KEYS = new Set(['id', 'params', 'param', 'local']);

export function foldTypeofWindow(transform: SourceTransform, target: 'browser' | 'server'): SourceTransform {
  return (file, source) => {
    const code = transform(file, source);
    if (!/typeof\s*\(?\s*window\b/.test(code)) return code;
    const ast = parseAppSource(file, code, { errorRecovery: true });
    if (!ast) return code;
    const found: Node[] = [];
    let shadowed = false;
    walk(ast.program, (node, key) => {
      if (node.type === 'Identifier' && node.name === 'window' && BINDING_KEYS.has(key)) shadowed = true;
      const argument = node.argument as Node | undefined;
      if (node.type === 'UnaryExpression' && node.operator === 'typeof' && argument?.type === 'Identifier' && argument.name === 'window') found.push(node);
    });
    if (shadowed || found.length === 0) return code;
    return replaceNodes(code, found.map((node) => ({ node, text: () => VALUE[target] })));
  };
}
