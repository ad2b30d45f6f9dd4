/**
 * The tsconfig the build's type check runs on, written into the build's own folder (never the
 * app's). An app with a tsconfig.json gets that file plus the runtime's ambient types
 * (stylesheets, images, styled-jsx), which Next gives it through the next-env.d.ts it writes; an
 * app without one gets the configuration `next build` would write, for the app's TypeScript.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';

/** The runtime's ambient declarations (`*.module.css`, `*.png`, `<style jsx>`, …). */
const RUNTIME_TYPES = path.join(REPO_ROOT, 'web', 'runtime', 'types');

/** Every `node_modules/@types` from `dir` up, as the compiler finds them beside a tsconfig.json there. */
export function typeRootsOf(dir: string): string[] {
  const roots: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const root = path.join(at, 'node_modules', '@types');
    if (existsSync(root)) roots.push(root);
    if (path.dirname(at) === at) return roots;
  }
}

/** What `tsc --showConfig` prints of the app's config: the files it checks, relative to it, and its typeRoots if it sets them. */
interface ShownConfig {
  compilerOptions?: { typeRoots?: string[]; module?: string; moduleResolution?: string; esModuleInterop?: boolean; resolveJsonModule?: boolean; isolatedModules?: boolean; verbatimModuleSyntax?: boolean; jsx?: string };
  files?: string[];
}

const atLeast = (version: string, major: number, minor = 0) => {
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
};

/**
 * The compiler options `next build` makes mandatory (it writes them into the app's
 * tsconfig.json and checks with them): those the app's config lacks or sets otherwise, for
 * the app's TypeScript `version`. Without them a config Next accepts can fail the check
 * (`resolveJsonModule` under TypeScript's default `classic` resolution: TS5070).
 *
 * @example
 * requiredOptions({ module: 'esnext', resolveJsonModule: true }, '5.9.3'); // { moduleResolution: 'bundler', esModuleInterop: true, isolatedModules: true, jsx: 'react-jsx' }
 */
export function requiredOptions(options: NonNullable<ShownConfig['compilerOptions']>, version: string): Record<string, unknown> {
  const required: Record<string, unknown> = {};
  const modules = ['es2020', 'esnext', 'commonjs', 'amd', 'nodenext', 'node16', ...(atLeast(version, 5, 4) ? ['preserve'] : [])];
  const module = options.module?.toLowerCase();
  if (!module || !modules.includes(module)) required.module = 'esnext';
  const effective = (required.module as string | undefined) ?? module!;
  if (effective !== 'preserve') {
    if (options.esModuleInterop !== true) required.esModuleInterop = true;
    const bundler = atLeast(version, 5) && effective !== 'commonjs' && effective !== 'amd';
    const resolutions = bundler ? ['node16', 'nodenext', 'bundler'] : ['node', 'node10', 'node12', 'node16', 'nodenext'];
    if (!resolutions.includes(options.moduleResolution?.toLowerCase() ?? '')) required.moduleResolution = bundler ? 'bundler' : 'node';
    if (options.resolveJsonModule !== true) required.resolveJsonModule = true;
  }
  if (options.verbatimModuleSyntax !== true && options.isolatedModules !== true) required.isolatedModules = true;
  if (options.jsx?.toLowerCase() !== 'react-jsx') required.jsx = 'react-jsx';
  return required;
}

/**
 * A config that extends the app's and adds the runtime's types and the options `next build`
 * makes mandatory (requiredOptions). `shown` is the app's compiler's
 * `--showConfig` of it; undefined when that is not JSON or names no files (a solution-style
 * config of `references`, or one that matches nothing: the app's own config says so best).
 * TypeScript resolves what the app's config says relative to that file; only the files and the
 * default `typeRoots` (found from the config's own folder up) would move with this one, so they
 * are written out here (a `files` of its own replaces the app's, and the default include).
 *
 * @example
 * writeAppTsconfig('/apps/blog/tsconfig.json', showConfigOutput, '/apps/blog/.stratus/.cache'); // '/apps/blog/.stratus/.cache/tsconfig.app-check.json'
 */
export function writeAppTsconfig(tsconfig: string, shown: string, workDir: string, version: string): string | undefined {
  let config: ShownConfig;
  try {
    config = JSON.parse(shown) as ShownConfig;
  } catch {
    return undefined;
  }
  if (!config.files?.length) return undefined;
  const appConfigDir = path.dirname(tsconfig);
  const typeRoots = config.compilerOptions?.typeRoots?.map((root) => path.resolve(appConfigDir, root)) ?? typeRootsOf(appConfigDir);
  // next-env.d.ts references Next's types, which reference Node's: `process`, `Buffer` are
  // declared for the app under Next whatever its `types` (TypeScript 6 and later include no
  // @types by default). The same reference, when the app has Node's types installed.
  const nodeTypes = typeRoots.some((root) => existsSync(path.join(root, 'node'))) ? [write(workDir, 'node-types.d.ts', '/// <reference types="node" />\n')] : [];
  const derived = {
    extends: tsconfig,
    compilerOptions: { ...requiredOptions(config.compilerOptions ?? {}, version), ...(config.compilerOptions?.typeRoots ? {} : { typeRoots }) },
    files: [...config.files.map((file) => path.resolve(appConfigDir, file)), ...runtimeTypesForApp(), ...nodeTypes],
  };
  return write(workDir, 'tsconfig.app-check.json', derived);
}

/**
 * The configuration `next build` would write for the app (its defaults: not strict, the app's
 * `.ts`/`.tsx` files) over the framework's own (`tsconfig.app.json`: `stratus/*` and `next/*`
 * resolved to the runtime, as the build resolves them), for the app's TypeScript `version`.
 * Paths are absolute: the file is not in the app's folder.
 */
export function writeDefaultTsconfig(appDir: string, workDir: string, outDir: string | undefined, version: string): string {
  const app = path.resolve(appDir);
  const typeRoots = typeRootsOf(app);
  const types = [...new Set(typeRoots.flatMap((root) => readdirSync(root).filter((name) => !name.startsWith('.'))))];
  const framework = JSON.parse(readFileSync(path.join(REPO_ROOT, 'tsconfig.app.json'), 'utf8')) as { compilerOptions: Record<string, unknown> & { paths: Record<string, string[]> } };
  const paths: Record<string, string[]> = {};
  for (const [name, targets] of Object.entries(framework.compilerOptions.paths)) {
    paths[name] = targets.map((target) => path.resolve(REPO_ROOT, target));
  }
  // One copy of React's types for the app and the runtime it imports (which would otherwise
  // resolve the framework's own from a checkout): the app's, as the build bundles one React.
  const reactTypes = typeRoots.map((root) => path.join(root, 'react')).find((dir) => existsSync(dir));
  if (reactTypes) Object.assign(paths, { react: [reactTypes], 'react/*': [path.join(reactTypes, '*')] });
  const config = {
    compilerOptions: { ...framework.compilerOptions, ...(Number(version.split('.')[0]) < 5 ? BEFORE_TYPESCRIPT_5 : {}), strict: false, noEmit: true, typeRoots, types, paths },
    include: [path.join(app, '**/*.ts'), path.join(app, '**/*.tsx'), path.join(RUNTIME_TYPES, '*.d.ts')],
    exclude: [path.join(app, 'node_modules'), path.join(app, '.stratus'), path.join(app, '.stratus-dev'), path.join(app, '.next'), path.join(app, 'cdk.out'), ...(outDir ? [path.resolve(outDir)] : [])],
  };
  return write(workDir, 'tsconfig.default.json', config);
}

/**
 * TypeScript 4 knows neither `Bundler` resolution nor the `ES2023` lib (TS6046), and refuses
 * `resolveJsonModule` without node resolution (TS5070): Next writes `node` below 5.0; the
 * target and lib are ones every 4.x knows.
 */
const BEFORE_TYPESCRIPT_5 = { target: 'ES2020', moduleResolution: 'node', lib: ['dom', 'dom.iterable', 'esnext'] };

/** The runtime's ambient types (stylesheets, images, styled-jsx's attributes), for a config of the app's; each stands alone. */
function runtimeTypesForApp(): string[] {
  return readdirSync(RUNTIME_TYPES)
    .filter((name) => name.endsWith('.d.ts'))
    .map((name) => path.join(RUNTIME_TYPES, name));
}

/** Writes `content` (text, or an object as JSON) as `workDir/name`; its path. */
function write(workDir: string, name: string, content: string | object): string {
  mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
  return file;
}
