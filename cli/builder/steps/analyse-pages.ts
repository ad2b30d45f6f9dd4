/** Build step: read each page's exports, classify it, and reject broken pages (and API routes) with the file named. */
import type { SourceTransform } from '../compiler-transforms';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync, type Message } from 'esbuild';
import type { PageKind } from '../../../contract/manifest';
import { BuildError } from '../errors';
import { configRuntime, definesGetInitialProps, exportedNames, parseModule } from '../page-source';
import { EDGE_RUNTIMES } from '../../../lambdas/render/api/edge-route';
import type { ScannedPages, ScannedRoute } from './scan-pages';

export interface AnalysedRoute extends ScannedRoute {
  kind: PageKind;
  hasStaticPaths: boolean;
  /** An `ssr` page whose props come from `getInitialProps` (its own, or `_app`'s). */
  initialProps?: true;
  /** An API route whose config says `runtime: 'edge'`: the render bundle carries the request classes it is called with. */
  edge?: true;
}

const LOADERS: Record<string, 'tsx' | 'ts' | 'jsx' | 'js'> = { '.tsx': 'tsx', '.ts': 'ts', '.jsx': 'jsx', '.js': 'jsx' };

/** Pages a `turbopack.rules` loader makes (`pages/about.mdx`), by file: the code it gave and what it is. */
export type MadePages = ReadonlyMap<string, { code: string; loader: 'tsx' | 'ts' | 'jsx' }>;

function formatMessage(file: string, message: Message): string {
  const where = message.location ? `${file}:${message.location.line}:${message.location.column + 1}` : file;
  const line = message.location?.lineText ? `\n    ${message.location.lineText}` : '';
  return `${where}: ${message.text}${line}`;
}

/** Transforms a page to plain ESM JavaScript, turning syntax errors into a BuildError naming the file. */
export function transformPage(appDir: string, file: string, compile?: SourceTransform, made?: MadePages): string {
  const byLoader = made?.get(file);
  // es2022: decorators (which the parser of exports does not read) lowered as the bundles lower them.
  if (byLoader) return transformSync(byLoader.code, { loader: byLoader.loader, jsx: 'automatic', format: 'esm', sourcefile: file, target: 'es2022' }).code;
  const written = readFileSync(path.join(appDir, file), 'utf8');
  // The config's compiler options first (emotion, removeConsole, …), as on every other file of the app.
  const source = compile ? compile(path.join(appDir, file), written) : written;
  try {
    return transformSync(source, { loader: LOADERS[path.extname(file)] ?? 'tsx', jsx: 'automatic', format: 'esm', sourcefile: file, target: 'es2022' }).code;
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (errors?.length) throw new BuildError(`Syntax error in ${errors.map((m) => formatMessage(file, m)).join('\n')}`);
    throw error;
  }
}

export function readExports(appDir: string, file: string): Set<string> {
  return readPage(appDir, file).names;
}

/** A page's exports, and whether it gives a component a static `getInitialProps`. */
export function readPage(appDir: string, file: string, made?: MadePages): { names: Set<string>; initialProps: boolean; runtime: string | undefined } {
  const program = parseModule(transformPage(appDir, file, undefined, made));
  return { names: exportedNames(program), initialProps: definesGetInitialProps(program), runtime: configRuntime(program) };
}

const DATA_FUNCTIONS = ['getServerSideProps', 'getStaticProps', 'getStaticPaths'];

/** An API route exports its handler as default, and no data function (it renders nothing). */
function analyseApiRoute(route: ScannedRoute, names: Set<string>, runtime: string | undefined): AnalysedRoute {
  if (!names.has('default')) {
    throw new BuildError(`${route.file} has no default export: an API route exports its handler as default (export default function handler(req, res) { … }).`);
  }
  const data = DATA_FUNCTIONS.filter((name) => names.has(name));
  if (data.length > 0) {
    throw new BuildError(`${route.file} is an API route (under pages/api) and exports ${data.join(', ')}: API routes answer with their handler; move the page out of pages/api.`);
  }
  return { ...route, kind: 'api', hasStaticPaths: false, ...(runtime !== undefined && EDGE_RUNTIMES.has(runtime) ? { edge: true as const } : {}) };
}

export function analysePages(appDir: string, scanned: ScannedPages, made?: MadePages): AnalysedRoute[] {
  let appInitialProps = false;
  for (const [name, file] of Object.entries(scanned.special)) {
    const special = readPage(appDir, file, made);
    if (!special.names.has('default')) {
      throw new BuildError(`${file} has no default export: export the ${name} component as default.`);
    }
    if (name === '_app') appInitialProps = special.initialProps;
  }
  return scanned.routes.map((route) => {
    if (route.api) {
      const program = parseModule(transformPage(appDir, route.file, undefined, made));
      return analyseApiRoute(route, exportedNames(program), configRuntime(program));
    }
    const { names, initialProps, runtime } = readPage(appDir, route.file, made);
    if (!names.has('default')) {
      throw new BuildError(`${route.file} has no default export: a page must export its React component as default.`);
    }
    const ssr = names.has('getServerSideProps');
    const ssg = names.has('getStaticProps');
    const hasStaticPaths = names.has('getStaticPaths');
    if (ssr && ssg) {
      throw new BuildError(`${route.file} exports both getServerSideProps and getStaticProps: keep one (server data per request, or static data at build time).`);
    }
    if (hasStaticPaths && !ssg) {
      throw new BuildError(`${route.file} exports getStaticPaths without getStaticProps: add getStaticProps, or remove getStaticPaths.`);
    }
    const dynamic = route.segments.some((s) => s.type !== 'static');
    if (ssg && dynamic && !hasStaticPaths) {
      throw new BuildError(`${route.file} is a dynamic route with getStaticProps but no getStaticPaths: export getStaticPaths to say which paths to prerender.`);
    }
    if (initialProps && (ssr || ssg)) {
      throw new BuildError(`${route.file} has getInitialProps and ${ssr ? 'getServerSideProps' : 'getStaticProps'}: keep one (the pages router refuses both).`);
    }
    // getInitialProps (the page's, or _app's for a page without data function) runs per
    // request, as in the pages router, which then skips static optimisation.
    if (initialProps || (appInitialProps && !ssr && !ssg)) return { ...route, kind: 'ssr', hasStaticPaths, initialProps: true };
    // An edge-runtime page without getStaticProps renders per request, as the pages router
    // never prerenders it (its code may read the request's moment, or throw).
    const edge = runtime !== undefined && EDGE_RUNTIMES.has(runtime);
    const kind: PageKind = ssr || (edge && !ssg) ? 'ssr' : ssg ? 'ssg' : 'static';
    return { ...route, kind, hasStaticPaths };
  });
}
