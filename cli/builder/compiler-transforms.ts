/**
 * `compiler` of next.config (or stratus.config.ts): the source transforms `next build`
 * applies to an app's own files, applied with Babel to the files that need them and to no
 * other (a file untouched costs one text search): `emotion` with Emotion's own Babel plugin
 * (component selectors, labels), `styledComponents` with styled-components' own (SSR ids,
 * display names), both resolved from the app's node_modules first (the version made for
 * its library), else Stratus's own copy, as Next's compiler has them built in, and `removeConsole` and
 * `reactRemoveProperties` as the pages router's compiler does them; and the top-level
 * `reactCompiler` with the app's `babel-plugin-react-compiler`, first. An app with a Babel
 * config of its own (babel-config.ts) has every one of its files through Babel with it, in
 * the same pass, as `next build` runs its babel-loader on them. The server and browser builds
 * apply the same transforms, so the HTML and the hydrated page agree.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PluginItem, PluginObj, types as BabelTypes } from '@babel/core';
import type { Plugin } from 'esbuild';
import type { CompilerOptions } from '../../contract/config-schema';
import type { AppBabelConfig } from './babel-config';
import { BuildError } from './errors';
import { RUNTIME_DIR } from '../paths';
import { appParserPlugins, isTypeScriptFile } from './app-parser';
import { decoratorParser, decoratorSettings, mayHaveDecorators, METADATA_PLUGIN } from './decorators';

/** `<style jsx>` (or `<style jsx global>`), or styled-jsx's `css` tagged templates. */
const STYLED_JSX = /<style\s[^>]*\bjsx\b|from\s*['"]styled-jsx\/css['"]/;
const usesStyledJsx = (source: string) => source.includes('jsx') && STYLED_JSX.test(source);
const STYLED_JSX_COLLECTOR = path.join(RUNTIME_DIR, 'shared', 'styled-jsx-collector.ts');

/** The app's source after the transforms it needs; the source as it is when it needs none. */
export type SourceTransform = (file: string, source: string) => string;

type Babel = typeof import('@babel/core');

/**
 * A library's own Babel plugin: the app's copy when it installs one (made for its version of
 * the library), else the one Stratus depends on, so that an app listing only the library
 * builds, as with Next's built-in transforms. A build error saying what to install when
 * neither resolves (a Stratus installed without it).
 */
function appPlugin(appDir: string, name: string, option: string, key = `compiler.${option}`): string {
  for (const paths of [[appDir], [__dirname]]) {
    try {
      return require.resolve(name, { paths });
    } catch {
      // Not there: the next place.
    }
  }
  throw new BuildError(`${key} needs ${name}, which is not installed in ${appDir}: npm install --save-dev ${name}`);
}

/** `console.log(…)` and the other methods as statements, but the excluded ones, removed. */
function removeConsole(exclude: readonly string[]): (babel: { types: typeof BabelTypes }) => PluginObj {
  return ({ types: t }) => ({
    name: 'stratus-remove-console',
    visitor: {
      CallExpression(call) {
        const callee = call.node.callee;
        if (!t.isMemberExpression(callee) || !t.isIdentifier(callee.object, { name: 'console' }) || call.scope.hasBinding('console')) return;
        const method = t.isIdentifier(callee.property) && !callee.computed ? callee.property.name : t.isStringLiteral(callee.property) ? callee.property.value : undefined;
        if (method === undefined || exclude.includes(method)) return;
        // A statement goes; a value someone reads becomes undefined, as SWC's transform leaves it.
        if (call.parentPath.isExpressionStatement()) call.parentPath.remove();
        else call.replaceWith(t.identifier('undefined'));
      },
    },
  });
}

/** JSX properties whose name matches one of the patterns, removed. */
function removeProperties(patterns: readonly RegExp[]): (babel: { types: typeof BabelTypes }) => PluginObj {
  return ({ types: t }) => ({
    name: 'stratus-remove-properties',
    visitor: {
      JSXAttribute(attribute) {
        const name = attribute.node.name;
        const text = t.isJSXNamespacedName(name) ? `${name.namespace.name}:${name.name.name}` : name.name;
        if (patterns.some((pattern) => pattern.test(text))) attribute.remove();
      },
    },
  });
}

/** Next's defaults for Emotion in a production build: no labels (`dev-only` means none here), no source maps. */
function emotionOptions(option: true | Record<string, unknown>): Record<string, unknown> {
  const given = option === true ? {} : option;
  const autoLabel = given.autoLabel === 'always' ? 'always' : 'never';
  return { sourceMap: false, ...given, autoLabel };
}

/** Next's defaults for styled-components in a production build: SSR ids on, display names off. */
function styledOptions(option: true | Record<string, unknown>): Record<string, unknown> {
  const given = option === true ? {} : option;
  return { ssr: true, displayName: false, ...given };
}

/**
 * The transform for the app's config, or undefined when `compiler` asks for none.
 *
 * @example
 * const transform = compilerTransform('/apps/shop', { emotion: true });
 * transform?.('/apps/shop/pages/index.tsx', source); // Emotion's plugin ran: styled components carry a target class
 */
export function compilerTransform(appDir: string, compiler: CompilerOptions = {}, appBabel?: AppBabelConfig): SourceTransform {
  const { emotion, styledComponents, removeConsole: consoleOption, reactRemoveProperties, reactCompiler } = compiler;
  const steps: { applies: (source: string, file: string) => boolean; plugin: PluginItem }[] = [];
  const decorators = decoratorSettings(appDir);
  // First, as the React Compiler asks: it reads the code as written. Only files that may hold components or hooks.
  if (reactCompiler) steps.push({ applies: (source) => source.includes('<') || /\buse[A-Z]/.test(source), plugin: [appPlugin(appDir, 'babel-plugin-react-compiler', 'reactCompiler', 'reactCompiler'), reactCompiler === true ? {} : reactCompiler] });
  if (emotion) steps.push({ applies: (source) => source.includes('@emotion/'), plugin: [appPlugin(appDir, '@emotion/babel-plugin', 'emotion'), emotionOptions(emotion)] });
  if (styledComponents) steps.push({ applies: (source) => source.includes('styled-components'), plugin: [appPlugin(appDir, 'babel-plugin-styled-components', 'styledComponents'), styledOptions(styledComponents)] });
  if (consoleOption) {
    const exclude = consoleOption === true ? [] : (consoleOption.exclude ?? []);
    steps.push({ applies: (source) => source.includes('console'), plugin: removeConsole(exclude) });
  }
  if (reactRemoveProperties) {
    const patterns = (reactRemoveProperties === true ? undefined : reactRemoveProperties.properties) ?? ['^data-test'];
    const regexes = patterns.map((pattern) => new RegExp(pattern));
    // A property name is in the source as written: a cheap test before parsing.
    steps.push({ applies: (source) => source.includes('<') && regexes.some((regex) => new RegExp(regex.source.replace(/^\^|\$$/g, '')).test(source)), plugin: removeProperties(regexes) });
  }
  // emitDecoratorMetadata: TypeScript files with decorators get their design types (decorators.ts).
  if (decorators.metadata) steps.push({ applies: (source, file) => isTypeScriptFile(file) && mayHaveDecorators(source), plugin: METADATA_PLUGIN });
  // styled-jsx, built into the pages router whatever the config says: after the React Compiler, before the rest;
  // once only, so not when the app's Babel config runs it (next/babel).
  if (!appBabel?.styledJsx) steps.splice(reactCompiler ? 1 : 0, 0, { applies: usesStyledJsx, plugin: require.resolve('styled-jsx/babel') });
  // The app's config (presets, env) after the steps, as Next puts the React Compiler before the config's plugins.
  const own = appBabel && { ...appBabel.options, plugins: appBabel.options.plugins ?? [], envName: appBabel.envName, cwd: appDir, root: appDir };
  // A plugin the config lists too (babel-plugin-styled-components beside compiler.styledComponents) runs once, as the config gives it: Babel refuses a plugin twice.
  const first = (item: PluginItem): unknown => (Array.isArray(item) ? item[0] : item);
  const listed = new Set(own?.plugins.map(first));
  const applied = steps.filter((step) => !listed.has(first(step.plugin)));
  let babel: Babel | undefined;
  return (file, source) => {
    const plugins = applied.filter((step) => step.applies(source, file)).map((step) => step.plugin);
    // Without a config of its own, a file that needs no step is not parsed at all.
    if (plugins.length === 0 && !own) return source;
    babel ??= require('@babel/core') as Babel;
    try {
      const result = babel.transformSync(source, {
        ...own,
        filename: file,
        babelrc: false,
        configFile: false,
        sourceType: 'module',
        // Syntax only: TypeScript and JSX stay in the output, for esbuild's loader of the file.
        // Decorators as the tsconfig has them, so a file with them parses and prints them back for esbuild to lower.
        parserOpts: { plugins: appParserPlugins(file, source, decoratorParser(decorators)) },
        plugins: [...plugins, ...(own?.plugins ?? [])],
        retainLines: true,
        compact: false,
      });
      const code = result?.code ?? source;
      // The server collects the page's styled-jsx styles for the head once an app uses it (style-collectors.ts).
      return usesStyledJsx(source) ? `import ${JSON.stringify(STYLED_JSX_COLLECTOR)};\n${code}` : code;
    } catch (error) {
      if (error instanceof BuildError) throw error;
      const syntax = babelSyntaxError(error, path.relative(appDir, file), source);
      if (syntax) throw syntax;
      const options = Object.keys(compiler).filter((key) => compiler[key as keyof CompilerOptions]);
      const by = [appBabel && `the Babel config ${appBabel.file}`, options.length > 0 && `the compiler options (${options.join(', ')})`].filter(Boolean).join(' and ') || 'styled-jsx';
      throw new BuildError(`${path.relative(appDir, file)}: ${by} could not transform it: ${(error as Error).message}`);
    }
  };
}

/**
 * Babel's parse error as the build reports esbuild's (`Syntax error in pages/x.tsx:3:14: …`
 * and the line), so the overlay and the terminal point at the line, not at the file's start.
 */
function babelSyntaxError(error: unknown, file: string, source: string): BuildError | undefined {
  const { code, loc, message } = error as { code?: string; loc?: { line: number; column: number }; message?: string };
  if (code !== 'BABEL_PARSE_ERROR' || !loc) return undefined;
  // Babel's first line is `<absolute file>: <reason> (<line>:<column>)`.
  const reason = (message ?? '').split('\n')[0]!.replace(/^.*?: /, '').replace(/ \(\d+:\d+\)$/, '');
  const lineText = source.split('\n')[loc.line - 1]?.trimEnd() ?? '';
  return new BuildError(`Syntax error in ${file}:${loc.line}:${loc.column + 1}: ${reason}\n    ${lineText}`);
}

/**
 * `run()` in a callback of its own, outside esbuild's message handler and outside any promise
 * job: a Babel plugin that turns the event loop inside a call (deasync, as
 * styled-jsx-plugin-postcss does) would otherwise re-enter esbuild's reader and break it, or,
 * in a promise job, wait forever for promises that cannot settle there.
 */
export function outsideEsbuild<T>(run: () => T): Promise<T> {
  return new Promise((resolve, reject) => setImmediate(() => {
    try {
      resolve(run());
    } catch (error) {
      reject(error);
    }
  }));
}

const LOADER = { '.tsx': 'tsx', '.ts': 'ts', '.jsx': 'jsx', '.js': 'jsx', '.mjs': 'jsx' } as const;

/**
 * esbuild plugin: the app's own files (not node_modules) through the transform, JSX allowed
 * in `.js` as the app-jsx plugin allows it. Pages of the browser build go through the
 * data-function stripping instead, which applies the same transform first.
 */
export function compilerPlugin(appDir: string, transform: SourceTransform): Plugin {
  const root = path.resolve(appDir) + path.sep;
  return {
    name: 'stratus-compiler-options',
    setup(build) {
      build.onLoad({ filter: /\.(m?js|jsx|tsx?)$/, namespace: 'file' }, async (args) => {
        if (!args.path.startsWith(root) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        return { contents: await outsideEsbuild(() => transform(args.path, source)), loader: LOADER[path.extname(args.path) as keyof typeof LOADER] ?? 'jsx', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
