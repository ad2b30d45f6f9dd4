/**
 * Large CommonJS modules in a server bundle, compiled once instead of twice at cold start.
 *
 * esbuild wraps each CommonJS module of a bundle in an arrow function (`var x = __commonJS((exports,
 * module) => { … })`). V8 compiles inner functions lazily: at load it pre-parses the whole
 * body only to find where it ends, and parses it again in full when the module is required
 * a moment later. For React's server renderer (≈ 105 kB) that second pass was ≈ 14 % of the
 * render Lambda's cold-start instructions above bare Node. V8 compiles a function
 * expression that follows an opening parenthesis eagerly (it expects the call), so each
 * large wrapper is rewritten as `(function (exports, module) { … }).bind(this)`: the same
 * body, `this` as before, parsed once. Arrow functions get no such hint; small modules are
 * left as they are (the saving is in proportion to size). The source map is shifted to
 * match, so error stacks still name the right lines.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import { decode, encode, type SourceMapMappings } from '@jridgewell/sourcemap-codec';

/** Module bodies at least this long are compiled eagerly (a few kB save too little to matter). */
export const EAGER_MIN_CHARS = 16 * 1024;

interface Edit {
  /** Where the replaced text starts and ends (offsets in the code). */
  start: number;
  end: number;
  text: string;
}

/** esbuild's `__commonJS` helper, under whatever name minifying gave it: `(cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports)`. */
function commonJsHelper(program: acorn.Program, code: string): string | undefined {
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init;
      if (declarator.id.type !== 'Identifier' || init?.type !== 'ArrowFunctionExpression' || init.params.length !== 2) continue;
      if (init.body.type === 'ArrowFunctionExpression' && /exports:\{\}/.test(code.slice(init.start, init.end).replace(/\s/g, ''))) return declarator.id.name;
    }
  }
  return undefined;
}

/** Whether the module body reads `arguments` of its own: an arrow sees its parent's, a function its own. */
function readsArguments(body: acorn.AnyNode): boolean {
  let found = false;
  walk.fullAncestor(body, (node, _state, ancestors) => {
    if (found || node.type !== 'Identifier' || node.name !== 'arguments') return;
    // Inside a nested non-arrow function it is that function's own, the same either way.
    found = !ancestors.some((a) => a !== body && (a.type === 'FunctionExpression' || a.type === 'FunctionDeclaration'));
  });
  return found;
}

/** The edits that make each large module wrapper an eagerly compiled function. */
function eagerEdits(code: string, minChars: number): Edit[] {
  const program = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
  const helper = commonJsHelper(program, code);
  if (!helper) return [];
  const edits: Edit[] = [];
  walk.simple(program, {
    CallExpression(call) {
      const [wrapper] = call.arguments;
      if (call.callee.type !== 'Identifier' || call.callee.name !== helper || call.arguments.length !== 1) return;
      if (wrapper?.type !== 'ArrowFunctionExpression' || wrapper.body.type !== 'BlockStatement' || wrapper.async) return;
      if (wrapper.end - wrapper.start < minChars || readsArguments(wrapper.body)) return;
      const params = wrapper.params.map((param) => code.slice(param.start, param.end)).join(',');
      edits.push({ start: wrapper.start, end: wrapper.body.start, text: `(function(${params})` });
      edits.push({ start: wrapper.end, end: wrapper.end, text: ').bind(this)' });
    },
  });
  return edits.sort((a, b) => a.start - b.start);
}

/** Offsets of the starts of lines. */
function lineStarts(code: string): number[] {
  const starts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The mappings with generated columns moved as the edits move the code (each edit lies within one line). */
function shiftMappings(mappings: SourceMapMappings, code: string, edits: Edit[]): SourceMapMappings {
  const starts = lineStarts(code);
  const byLine = new Map<number, Edit[]>();
  for (const edit of edits) {
    let line = starts.length - 1;
    while (starts[line]! > edit.start) line--;
    byLine.set(line, [...(byLine.get(line) ?? []), edit]);
  }
  return mappings.map((segments, line) => {
    const lineEdits = byLine.get(line);
    if (!lineEdits) return segments;
    const lineStart = starts[line]!;
    return segments.map((segment) => {
      let column = segment[0];
      let moved = 0;
      for (const edit of lineEdits) {
        const start = edit.start - lineStart;
        const end = edit.end - lineStart;
        // Inside replaced text: the start of what replaced it; after it: shifted by the change in length.
        if (column >= end) moved += edit.text.length - (end - start);
        else if (column >= start) moved += start - column;
      }
      column += moved;
      return [column, ...segment.slice(1)] as typeof segment;
    });
  });
}

/**
 * Rewrites a bundle (and its `.map`) so that its large CommonJS modules compile eagerly.
 * A bundle without esbuild's wrappers is left as it is. Returns how many were rewritten.
 *
 * @example
 * compileModulesEagerly('.stratus/lambdas/render/index.js'); // 1: React's server renderer
 */
export function compileModulesEagerly(bundle: string, minChars = EAGER_MIN_CHARS): number {
  const code = readFileSync(bundle, 'utf8');
  const edits = eagerEdits(code, minChars);
  if (edits.length === 0) return 0;
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  writeFileSync(bundle, out + code.slice(at));
  const mapFile = `${bundle}.map`;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
  map.mappings = encode(shiftMappings(decode(map.mappings), code, edits));
  writeFileSync(mapFile, JSON.stringify(map));
  return edits.length / 2;
}
