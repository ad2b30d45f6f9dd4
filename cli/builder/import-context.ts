/**
 * `import(`../components/${name}`)` as `next build` resolves it. esbuild bundles every file
 * such a template literal can name (its "glob-style imports": `../components/**\/*`), but
 * looks the path up by the files' full names, so `name = 'red-button'` (no extension) is not
 * found, and the miss throws synchronously. webpack and Turbopack resolve the path with the
 * build's extensions and a folder's `index`, and a miss rejects the import's promise.
 *
 * The app's files are rewritten before esbuild reads them (as typeof-window.ts does): each
 * `import()` of a template literal that esbuild turns into a glob (a path starting `./` or
 * `../`, with `${…}` in it) becomes a call of the runtime's importContext
 * (web/runtime/shared/import-context.ts) with the same import inside, its `${…}` parts made
 * parameters: esbuild globs the same files, and the function tries the path as written, then
 * with each extension, then as a folder's index. Extensions only when the path ends with a
 * `${…}` part: after `.json` or `/index` written out, esbuild's glob has no other file to find.
 *
 * @example
 * resolveTemplateImports(compile, ['.tsx', '.ts'])('/app/pages/a.tsx', 'load(import(`../components/${name}`))');
 * // 'load(__stratusImportContext((__0) => import(`../components/${__0}`), [name], [".tsx",".ts"]))\n
 * //  import { importContext as __stratusImportContext } from "…/web/runtime/shared/import-context.ts";\n'
 */
import path from 'node:path';
import { parseAppSource, replaceNodes, walkAst as walk, type AstNode } from './app-parser';
import type { SourceTransform } from './compiler-transforms';
import { RUNTIME_DIR } from '../paths';

type Node = AstNode;
type Quasi = Node & { value: { cooked?: string | null } };

const IMPORT_CONTEXT = path.join(RUNTIME_DIR, 'shared', 'import-context.ts');
const NAME = '__stratusImportContext';

/** The cheap test first: most files import no template literal. */
const MAY_IMPORT_TEMPLATE = /\bimport\s*\(\s*`/;

/** `import(`./…${…}…`)` that esbuild globs: its template literal, else undefined. */
function globbedTemplate(node: Node): Node | undefined {
  const callee = node.callee as Node | undefined;
  const args = (node.type === 'ImportExpression' ? [node.source, ...(node.options ? [node.options] : [])] : callee?.type === 'Import' ? node.arguments : []) as Node[];
  // A second argument (import attributes) would run once per try: left as esbuild compiles it.
  const template = args.length === 1 ? args[0] : undefined;
  if (template?.type !== 'TemplateLiteral' || (template.expressions as Node[]).length === 0) return undefined;
  const first = (template.quasis as Quasi[])[0]!.value.cooked ?? '';
  return first.startsWith('./') || first.startsWith('../') ? template : undefined;
}

/** `transform`, then the app's globbed template-literal imports resolved as Next resolves them, with `extensions` (the build's resolve extensions). */
export function resolveTemplateImports(transform: SourceTransform, extensions: readonly string[]): SourceTransform {
  return (file, source) => {
    const code = transform(file, source);
    if (!MAY_IMPORT_TEMPLATE.test(code)) return code;
    const ast = parseAppSource(file, code);
    if (!ast) return code;
    const found: { call: Node; template: Node }[] = [];
    walk(ast.program, (node) => {
      const template = (node.type === 'CallExpression' || node.type === 'ImportExpression') && globbedTemplate(node);
      if (template) found.push({ call: node, template });
    });
    if (found.length === 0) return code;
    // One inside another's `${…}` stays as it is, in the text of the outer one's part.
    const rewritten = replaceNodes(
      code,
      found.map(({ call, template }) => ({
        node: call,
        text: () => {
          const quasis = template.quasis as Quasi[];
          // `${a, b}` is one part: in parentheses, not two items of the list.
          const parts = (template.expressions as Node[]).map((expression) => (expression.type === 'SequenceExpression' ? `(${code.slice(expression.start!, expression.end!)})` : code.slice(expression.start!, expression.end!)));
          const raw = quasis.map((quasi) => code.slice(quasi.start!, quasi.end!));
          const params = parts.map((_, i) => `__${i}`);
          const endsWithPart = quasis[quasis.length - 1]!.value.cooked === '';
          return `${NAME}((${params.join(', ')}) => import(\`${raw.map((text, i) => text + (i < params.length ? `\${${params[i]}}` : '')).join('')}\`), [${parts.join(', ')}]${endsWithPart ? `, ${JSON.stringify(extensions)}` : ''})`;
        },
      })),
    );
    // At the end: imports are hoisted wherever they stand.
    return `${rewritten}\nimport { importContext as ${NAME} } from ${JSON.stringify(IMPORT_CONTEXT)};\n`;
  };
}
