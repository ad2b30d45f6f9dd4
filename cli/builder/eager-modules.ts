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
 * left as they are (the saving is in proportion to size), and so are modules required only
 * later, from inside a function. The source map is shifted to match, so error stacks still
 * name the right lines.
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

type ArrowWrapper = acorn.ArrowFunctionExpression & { body: acorn.BlockStatement };

/** The module wrappers by the name of the variable that holds their `require` function: `var x = __commonJS(wrapper)`. */
function moduleWrappers(program: acorn.Program, helper: string): Map<string, ArrowWrapper> {
  const wrappers = new Map<string, ArrowWrapper>();
  walk.simple(program, {
    VariableDeclarator(declarator) {
      const call = declarator.init;
      if (declarator.id.type !== 'Identifier' || call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== helper) return;
      const [wrapper] = call.arguments;
      if (call.arguments.length !== 1 || wrapper?.type !== 'ArrowFunctionExpression' || wrapper.body.type !== 'BlockStatement' || wrapper.async) return;
      wrappers.set(declarator.id.name, wrapper as ArrowWrapper);
    },
  });
  return wrappers;
}

const FUNCTIONS = new Set(['FunctionExpression', 'FunctionDeclaration', 'ArrowFunctionExpression']);

/**
 * The modules required while the bundle loads: from its top level, or from the top level of
 * a module itself required then. A module required later (inside a function: a lazy
 * `require`, an `import()` made a promise) is left lazy: compiled eagerly, it would be
 * parsed in full at every cold start even when never used.
 */
function requiredAtLoad(program: acorn.Program, wrappers: Map<string, ArrowWrapper>): Set<string> {
  const byWrapper = new Map([...wrappers].map(([name, wrapper]) => [wrapper as acorn.AnyNode, name]));
  // For each module, who requires it: '' for the bundle's top level, another module's name, or null for a function.
  const requirers = new Map<string, (string | null)[]>();
  walk.ancestor(program, {
    CallExpression(call, _state, ancestors) {
      if (call.callee.type !== 'Identifier' || !wrappers.has(call.callee.name) || call.arguments.length !== 0) return;
      const enclosing = ancestors.findLast((node) => node !== call && FUNCTIONS.has(node.type));
      const by = enclosing === undefined ? '' : (byWrapper.get(enclosing) ?? null);
      requirers.set(call.callee.name, [...(requirers.get(call.callee.name) ?? []), by]);
    },
  });
  const loaded = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, by] of requirers) {
      if (!loaded.has(name) && by.some((requirer) => requirer === '' || (requirer !== null && loaded.has(requirer)))) {
        loaded.add(name);
        grew = true;
      }
    }
  }
  return loaded;
}

/** The edits that make each large module wrapper required at load an eagerly compiled function. */
function eagerEdits(code: string, minChars: number): Edit[] {
  const program = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
  const helper = commonJsHelper(program, code);
  if (!helper) return [];
  const wrappers = moduleWrappers(program, helper);
  const atLoad = requiredAtLoad(program, wrappers);
  const edits: Edit[] = [];
  for (const [name, wrapper] of wrappers) {
    if (!atLoad.has(name) || wrapper.end - wrapper.start < minChars || readsArguments(wrapper.body)) continue;
    const params = wrapper.params.map((param) => code.slice(param.start, param.end)).join(',');
    edits.push({ start: wrapper.start, end: wrapper.body.start, text: `(function(${params})` });
    edits.push({ start: wrapper.end, end: wrapper.end, text: ').bind(this)' });
  }
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
