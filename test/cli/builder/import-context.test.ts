/**
 * `import(`../components/${name}`)` as `next build` resolves it: the path without its
 * extension, or a folder's path, finds the file (`.tsx`, `/index.tsx`), and a path no file
 * has rejects the import's promise with "Cannot find module". The rewrite of the app's
 * files, then the render bundle running it.
 */
import { resolveTemplateImports } from '../../../cli/builder/import-context';
import { buildApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

const asIs = (_file: string, source: string) => source;
const EXTENSIONS = ['.tsx', '.ts'];
const rewrite = (file: string, source: string) => resolveTemplateImports(asIs, EXTENSIONS)(file, source);
const HELPER = /\nimport \{ importContext as __stratusImportContext \} from ".*[\\/]web[\\/]runtime[\\/]shared[\\/]import-context\.ts";\n$/;

test('a template-literal import esbuild globs becomes a call trying the extensions, its parts evaluated once as arguments', () => {
  const out = rewrite('/app/pages/a.tsx', 'export const load = (name: string) => import(`../components/${name as string}`);');
  expect(out).toMatch(HELPER);
  expect(out.replace(HELPER, '')).toBe('export const load = (name: string) => __stratusImportContext((__0) => import(`../components/${__0}`), [name as string], [".tsx",".ts"]);');
  // Several parts, each a parameter, the extensions on the last.
  expect(rewrite('/app/lib/b.js', 'import(`./${kind}/items/${id}`).then(use);').replace(HELPER, '')).toBe(
    '__stratusImportContext((__0, __1) => import(`./${__0}/items/${__1}`), [kind, id], [".tsx",".ts"]).then(use);',
  );
  expect(rewrite('/app/lib/b.js', 'import(`./${log(), name}`);').replace(HELPER, '')).toBe('__stratusImportContext((__0) => import(`./${__0}`), [(log(), name)], [".tsx",".ts"]);');
});

test('a path written out after its last part is looked up as written: no extensions, the miss still a rejection', () => {
  expect(rewrite('/app/lib/c.js', 'import(`./data/${name}.json`)').replace(HELPER, '')).toBe('__stratusImportContext((__0) => import(`./data/${__0}.json`), [name])');
});

test('imports esbuild does not glob are left as they are, and the transform before it runs first', () => {
  for (const source of [
    "import('../components/red-button');",
    'import(`../components/red-button`);',
    'import(`${base}/x`);',
    'import(`lib/${name}`);',
    "import(`./${name}`, { with: { type: 'json' } });",
    'const text = "import(`./${name}`)";',
    '// import(`./${name}`)',
  ]) {
    expect(rewrite('/app/lib/d.js', source)).toBe(source);
  }
  const transformed = resolveTemplateImports((_file, code) => code.replace('NAME', 'name'), EXTENSIONS)('/app/lib/e.js', 'import(`./x/${NAME}`);');
  expect(transformed).toContain('[name]');
});

test('the lines below the import keep their numbers, and an import inside another one is left to the outer one', () => {
  const source = 'load(import(\n  `./components/${\n    name\n  }`\n));\nexport const line6 = 6;\n';
  const out = rewrite('/app/lib/f.js', source).replace(HELPER, '');
  expect(out.split('\n').indexOf('export const line6 = 6;')).toBe(5);
  const nested = rewrite('/app/lib/g.js', 'import(`./a/${await import(`./b/${x}`)}`);').replace(HELPER, '');
  expect(nested).toBe('__stratusImportContext((__0) => import(`./a/${__0}`), [await import(`./b/${x}`)], [".tsx",".ts"]);');
});

test('the render bundle loads a file by its name without extension and a folder by its path; a miss rejects, it does not throw', async () => {
  const dir = tempApp(
    {
      'components/red-button.tsx': "export const label: string = 'red button';\n",
      'components/panel/index.tsx': "export default 'panel';\n",
      'components/notes.json': '{ "note": "from json" }\n',
      'pages/index.tsx':
        "const settle = (load: () => Promise<unknown>): Promise<string> => {\n  try {\n    return load().then(() => 'found', (error: Error & { code?: string }) => `rejected: ${error.message} (${error.code})`);\n  } catch (error) {\n    return Promise.resolve(`threw: ${(error as Error).message}`);\n  }\n};\n" +
        "export async function getServerSideProps() {\n  const names = ['red-button', 'panel', 'notes'];\n" +
        '  const red = await import(`../components/${names[0]}`);\n  const panel = await import(`../components/${names[1]}`);\n  const notes = await import(`../components/${names[2]}.json`);\n  const exact = await import(`../components/${names[0]}.tsx`);\n' +
        "  return { props: { red: red.label, panel: panel.default, note: notes.note, exact: exact.label, missing: await settle(() => import(`../components/${'nothing'}`)), missingJson: await settle(() => import(`../components/${'nothing'}.json`)) } };\n}\n" +
        'export default function Home(props: Record<string, string>) {\n  return <pre>{JSON.stringify(props)}</pre>;\n}\n',
    },
    'stratus-import-context-',
  );
  const built = await buildApp(dir);
  try {
    const response = await built.handler(functionUrlEvent('/'));
    const props = JSON.parse(/<pre>(.*?)<\/pre>/.exec(response.body!)![1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'")) as Record<string, string>;
    expect(props).toEqual({
      red: 'red button',
      panel: 'panel',
      note: 'from json',
      exact: 'red button',
      missing: "rejected: Cannot find module '../components/nothing' (MODULE_NOT_FOUND)",
      missingJson: "rejected: Cannot find module '../components/nothing.json' (MODULE_NOT_FOUND)",
    });
  } finally {
    built.cleanup();
  }
});
