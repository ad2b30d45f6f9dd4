/**
 * Reading a page module's source: its exports (to classify the page and catch mistakes)
 * and its browser version with the data functions and what only they import removed.
 * Server-only code is kept out of the browser by this transform, not by tree-shaking.
 */
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';

export const DATA_FUNCTIONS = ['getServerSideProps', 'getStaticProps', 'getStaticPaths'] as const;

type Node = acorn.AnyNode;
type Range = [number, number];

export function parseModule(code: string): acorn.Program {
  return acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
}

/** Names a module exports (`default` included). */
export function exportedNames(program: acorn.Program): Set<string> {
  const names = new Set<string>();
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') names.add('default');
    else if (node.type === 'ExportNamedDeclaration') {
      const decl = node.declaration;
      if (decl?.type === 'FunctionDeclaration' || decl?.type === 'ClassDeclaration') names.add(decl.id.name);
      else if (decl?.type === 'VariableDeclaration') {
        for (const d of decl.declarations) if (d.id.type === 'Identifier') names.add(d.id.name);
      }
      for (const s of node.specifiers) names.add(exportName(s.exported));
    } else if (node.type === 'ExportAllDeclaration' && node.exported) names.add(exportName(node.exported));
  }
  return names;
}

/**
 * Whether a module gives a component a static `getInitialProps`: `Page.getInitialProps = …`
 * or `static getInitialProps` in a class. It is a property, not an export, so the build
 * finds it in the source to know, before bundling, that the page is rendered per request.
 */
export function definesGetInitialProps(program: acorn.Program): boolean {
  let found = false;
  const named = (key: Node, computed: boolean) => !computed && ((key.type === 'Identifier' && key.name === 'getInitialProps') || (key.type === 'Literal' && key.value === 'getInitialProps'));
  walk.full(program, (node) => {
    if (found) return;
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') found = named(node.left.property, node.left.computed);
    else if ((node.type === 'PropertyDefinition' || node.type === 'MethodDefinition') && node.static) found = named(node.key, node.computed);
  });
  return found;
}

/**
 * The `runtime` a module's `export const config = { runtime: '…' }` names, read from the
 * source as the pages router reads it (a literal; anything computed is not seen), or undefined.
 */
export function configRuntime(program: acorn.Program): string | undefined {
  // `export const config = …`, or `const config = …` with `export { config }` (esbuild's spelling);
  // or the segment option `export const runtime = 'edge'`.
  const names = exportedNames(program);
  const exported = names.has('config');
  for (const node of program.body) {
    const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations) {
      if (names.has('runtime') && d.id.type === 'Identifier' && d.id.name === 'runtime' && d.init?.type === 'Literal' && typeof d.init.value === 'string') return d.init.value;
      if (!exported || d.id.type !== 'Identifier' || d.id.name !== 'config' || d.init?.type !== 'ObjectExpression') continue;
      for (const property of d.init.properties) {
        if (property.type !== 'Property' || property.computed) continue;
        const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? property.key.value : undefined;
        if (key === 'runtime' && property.value.type === 'Literal' && typeof property.value.value === 'string') return property.value.value;
      }
    }
  }
  return undefined;
}

function exportName(node: acorn.Identifier | acorn.Literal): string {
  return node.type === 'Identifier' ? node.name : String(node.value);
}

const isDataFunction = (name: string) => (DATA_FUNCTIONS as readonly string[]).includes(name);

/** Identifier occurrences that are references (not property names). */
function referencedIdentifiers(program: acorn.Program): acorn.Identifier[] {
  const found: acorn.Identifier[] = [];
  walk.fullAncestor(program, (node, _state, ancestors) => {
    if (node.type !== 'Identifier') return;
    const parent = ancestors[ancestors.length - 2] as Node | undefined;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
    if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') &&
        parent.key === node && !parent.computed && !(parent.type === 'Property' && parent.shorthand)) return;
    found.push(node);
  });
  return found;
}

const inside = (pos: number, ranges: Range[]) => ranges.some(([s, e]) => pos >= s && pos < e);

function declaredNames(node: Node): string[] {
  if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') return node.id ? [node.id.name] : [];
  if (node.type === 'VariableDeclaration') {
    const names: string[] = [];
    for (const d of node.declarations) walk.fullAncestor(d.id, (n) => { if (n.type === 'Identifier') names.push(n.name); });
    return names;
  }
  return [];
}

/**
 * Removes `getServerSideProps`, `getStaticProps` and `getStaticPaths`, then every import
 * and top-level declaration that only they used, repeating until nothing more goes.
 * `keepLines`: what is removed leaves its line breaks, so the lines after it keep their
 * numbers and a source map of `code` still holds for them (`stratus dev`'s modules).
 */
export function stripDataFunctions(code: string, options: { keepLines?: boolean } = {}): string {
  const program = parseModule(code);
  const removed: Range[] = [];
  const replacements = new Map<number, { end: number; text: string }>();
  const removedNames = new Set<string>();
  /** Local names a replaced `export { … }` still exports: they stay referenced. */
  const keptExports = new Set<string>();

  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration') continue;
    const decl = node.declaration;
    if ((decl?.type === 'FunctionDeclaration') && isDataFunction(decl.id.name)) {
      removed.push([node.start, node.end]);
    } else if (decl?.type === 'VariableDeclaration' &&
      decl.declarations.every((d) => d.id.type === 'Identifier' && isDataFunction(d.id.name))) {
      removed.push([node.start, node.end]);
    } else if (!decl && node.specifiers.some((s) => isDataFunction(exportName(s.exported)))) {
      const kept = node.specifiers.filter((s) => !isDataFunction(exportName(s.exported)));
      for (const s of node.specifiers) if (!kept.includes(s) && s.local.type === 'Identifier' && !node.source) removedNames.add(s.local.name);
      // esbuild writes `export { default } from './other'` as an import of `default2` plus `export { default2 as default }`.
      for (const s of kept) if (s.local.type === 'Identifier' && !node.source) keptExports.add(s.local.name);
      const from = node.source ? ` from ${code.slice(node.source.start, node.source.end)}` : '';
      const text = kept.length ? `export { ${kept.map((s) => code.slice(s.start, s.end)).join(', ')} }${from};` : '';
      replacements.set(node.start, { end: node.end, text });
      removed.push([node.start, node.end]);
    }
  }

  // Dead-code elimination of what the removed functions alone referenced.
  const identifiers = referencedIdentifiers(program);
  let changed = true;
  while (changed) {
    changed = false;
    for (const node of program.body) {
      if (inside(node.start, removed)) continue;
      if (node.type === 'ImportDeclaration') {
        if (node.specifiers.length === 0) continue; // side-effect import: the page wants it
        const live = node.specifiers.filter((s) => isReferenced(s.local.name, s.local.start, s.local.end));
        if (live.length === node.specifiers.length) continue;
        removed.push([node.start, node.end]);
        if (live.length > 0) replacements.set(node.start, { end: node.end, text: rebuildImport(code, node, live) });
        changed = true;
      } else if (node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration' || node.type === 'VariableDeclaration') {
        const names = declaredNames(node);
        if (names.length === 0 || !names.some((n) => wasReferencedByRemoved(n))) continue;
        if (names.some((n) => isReferencedOutside(n, node.start, node.end))) continue;
        removed.push([node.start, node.end]);
        changed = true;
      }
    }
  }

  function isReferenced(name: string, declStart: number, declEnd: number): boolean {
    return keptExports.has(name) || identifiers.some((id) => id.name === name && !(id.start >= declStart && id.end <= declEnd) && !inside(id.start, removed));
  }
  function isReferencedOutside(name: string, start: number, end: number): boolean {
    return keptExports.has(name) || identifiers.some((id) => id.name === name && (id.start < start || id.start >= end) && !inside(id.start, removed));
  }
  function wasReferencedByRemoved(name: string): boolean {
    return removedNames.has(name) || identifiers.some((id) => id.name === name && inside(id.start, removed));
  }

  removed.sort((a, b) => a[0] - b[0]);
  let out = '';
  let cursor = 0;
  for (const [start, end] of removed) {
    if (start < cursor) continue;
    const text = replacements.get(start)?.text ?? '';
    out += code.slice(cursor, start) + text + (options.keepLines ? '\n'.repeat(Math.max(0, lineBreaks(code.slice(start, end)) - lineBreaks(text))) : '');
    cursor = end;
  }
  return out + code.slice(cursor);
}

const lineBreaks = (text: string) => text.split('\n').length - 1;

function rebuildImport(code: string, node: acorn.ImportDeclaration, live: acorn.ImportDeclaration['specifiers']): string {
  const source = code.slice(node.source.start, node.source.end);
  const parts: string[] = [];
  const named: string[] = [];
  for (const s of live) {
    if (s.type === 'ImportDefaultSpecifier') parts.push(s.local.name);
    else if (s.type === 'ImportNamespaceSpecifier') parts.push(`* as ${s.local.name}`);
    else named.push(code.slice(s.start, s.end));
  }
  if (named.length) parts.push(`{ ${named.join(', ')} }`);
  return `import ${parts.join(', ')} from ${source};`;
}
