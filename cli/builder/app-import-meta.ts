/**
 * `import.meta` in the app's own server files (API routes, edge API routes, middleware, what
 * they import), as the edge compiler of `next build` gives it: the render bundle is CommonJS,
 * where esbuild leaves `import.meta` empty, so `fetch(new URL('../../assets/Inter.ttf',
 * import.meta.url))` (how @vercel/og's docs load a font) threw "Invalid URL". The package
 * files' counterpart is plugins/import-meta-url.ts; this pass rewrites the app's files before
 * esbuild reads them, as typeof-window.ts does, into the same forms:
 *
 * - `new URL('<relative literal>', import.meta.url)` naming a file: the file ships in the
 *   function's `assets/` under its content hash, and the URL names that copy from the bundle's
 *   place when it runs. A literal that names no file beside the module but a package's
 *   (`new URL('my-pkg/hello/world.json', import.meta.url)`) is looked up in node_modules, as
 *   Next's edge compiler resolves it.
 * - any other `import.meta.url`: the file's own place in the function's folder (the app's
 *   files keep their places from the app's folder there), `new URL('pages/api/og.js', <bundle URL>)`;
 *   `import.meta.dirname` and `import.meta.filename` its folder and path.
 *
 * A file so rewritten also imports lambdas/render/api/file-fetch-global.ts: `fetch` answers a
 * `file:` URL inside the function's folder (Node's rejects them all). Only real expressions
 * (not text in strings, comments or JSX); a file that reads no `import.meta` field is as it was.
 *
 * @example
 * appImportMeta(compile, '/app')('/app/pages/api/og.js', "const font = fetch(new URL('../../assets/Inter.ttf', import.meta.url));");
 * // 'const font = fetch(new URL(__stratusUrlAsset0, __stratusImportMetaUrl));\n
 * //  import __stratusUrlAsset0 from "stratus-url-asset:/app/assets/Inter.ttf"; …'
 */
import path from 'node:path';
import { parseAppSource, replaceNodes, walkAst as walk, type AstNode } from './app-parser';
import type { SourceTransform } from './compiler-transforms';
import { ASSET_NAMESPACE, META_FIELDS, META_MODULE, MAY_READ_META, isFile, isRelative } from './plugins/import-meta-url';
import { REPO_ROOT } from '../paths';

type Node = AstNode;
type Field = keyof typeof META_FIELDS;

const FILE_FETCH = path.join(REPO_ROOT, 'lambdas', 'render', 'api', 'file-fetch-global.ts');
const JOIN = '__stratusPathJoin';

/** `import.meta.url` (`dirname`, `filename`): the field it reads, else undefined. */
function metaField(node: Node | undefined): Field | undefined {
  if (node?.type !== 'MemberExpression' || node.computed) return undefined;
  const object = node.object as Node;
  const property = node.property as Node & { name?: string };
  if (object.type !== 'MetaProperty' || (object.meta as { name: string }).name !== 'import' || (object.property as { name: string }).name !== 'meta') return undefined;
  return property.type === 'Identifier' && Object.hasOwn(META_FIELDS, property.name!) ? (property.name as Field) : undefined;
}

/** The text of a string literal or a template literal without `${…}`, else undefined. */
function literalText(node: Node | undefined): string | undefined {
  if (node?.type === 'StringLiteral') return node.value as string;
  if (node?.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) return ((node.quasis as Node[])[0]!.value as { cooked?: string | null }).cooked ?? undefined;
  return undefined;
}

/** `my-pkg/hello/world.json`, a package's file, from the node_modules folders above `dir`. */
function packageFile(dir: string, spec: string): string | undefined {
  if (spec.startsWith('.') || spec.includes('\\') || !/^(@[^/]+\/)?[^/]+\/./.test(spec)) return undefined;
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', spec);
    if (isFile(file)) return file;
    if (path.dirname(at) === at) return undefined;
  }
}

/** The file a literal URL names beside `file` (or in a package), else undefined. */
function namedFile(file: string, spec: string): string | undefined {
  if (!isRelative(spec)) return undefined;
  const beside = path.resolve(path.dirname(file), spec.split(/[?#]/)[0]!);
  if (isFile(beside)) return beside;
  return packageFile(path.dirname(file), spec);
}

/** `transform`, then `import.meta` in the app's file (`file`, under `appDir`) as the render function has it. */
export function appImportMeta(transform: SourceTransform, appDir: string): SourceTransform {
  const root = path.resolve(appDir);
  return (file, source) => {
    const code = transform(file, source);
    if (!code.includes(MAY_READ_META)) return code;
    const ast = parseAppSource(file, code);
    if (!ast) return code;
    // The file's place in the function's folder, from the bundle's (the app's files keep their places from the app's folder).
    const place = path.relative(root, file).split(path.sep).join('/');
    const found: { node: Node; text: (name: (field: Field) => string) => string }[] = [];
    const assets: string[] = [];
    const inUrl = new Set<Node>();
    walk(ast.program, (node) => {
      if (node.type === 'NewExpression' && (node.callee as Node & { name?: string }).type === 'Identifier' && (node.callee as { name: string }).name === 'URL') {
        const args = node.arguments as Node[];
        const spec = literalText(args[0]);
        if (args.length !== 2 || spec === undefined || metaField(args[1]) !== 'url') return;
        const target = namedFile(file, spec);
        if (target === undefined) return;
        const name = `__stratusUrlAsset${assets.length}`;
        assets.push(`import ${name} from ${JSON.stringify(`${ASSET_NAMESPACE}:${target}`)};`);
        inUrl.add(args[1]!);
        found.push({ node, text: (meta) => `new URL(${name}, ${meta('url')})` });
        return;
      }
      const field = metaField(node);
      if (field === undefined || inUrl.has(node)) return;
      if (field === 'url') found.push({ node, text: (meta) => `new URL(${JSON.stringify(place)}, ${meta('url')}).href` });
      else if (field === 'filename') found.push({ node, text: (meta) => `${JOIN}(${meta('dirname')}, ${JSON.stringify(place)})` });
      else found.push({ node, text: (meta) => `${JOIN}(${meta('dirname')}, ${JSON.stringify(path.posix.dirname(place))})` });
    });
    if (found.length === 0) return code;
    const used = new Set<Field>();
    const meta = (field: Field) => {
      used.add(field);
      return META_FIELDS[field];
    };
    const rewritten = replaceNodes(code, found.map(({ node, text }) => ({ node, text: () => text(meta) })));
    const imports = [
      `import ${JSON.stringify(FILE_FETCH)};`,
      ...assets,
      `import { ${[...used].map((field) => `${field} as ${META_FIELDS[field]}`).join(', ')} } from ${JSON.stringify(META_MODULE)};`,
      ...(rewritten.includes(`${JOIN}(`) ? [`import { join as ${JOIN} } from "node:path";`] : []),
    ];
    // At the end: imports are hoisted wherever they stand.
    return `${rewritten}\n${imports.join('\n')}\n`;
  };
}
