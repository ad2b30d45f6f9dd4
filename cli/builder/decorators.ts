/**
 * Decorators as the app's tsconfig asks for them. esbuild lowers `experimentalDecorators`
 * itself but never writes `emitDecoratorMetadata`'s `Reflect.metadata("design:type", …)`,
 * which `next build` does (its SWC follows the tsconfig) and which TypeORM, type-graphql,
 * class-validator and DI containers (tsyringe, inversify) read at run time. So a TypeScript
 * file with decorators goes through Babel first, where babel-plugin-transform-typescript-metadata
 * adds those calls as decorators of their own (types and JSX kept), and esbuild lowers them
 * with the rest.
 */
import { getTsconfig } from 'get-tsconfig';

export interface DecoratorSettings {
  /** `experimentalDecorators`: TypeScript's legacy decorators (else the standard ones). */
  legacy: boolean;
  /** `emitDecoratorMetadata` (with `experimentalDecorators`, as TypeScript requires). */
  metadata: boolean;
}

/**
 * The app's tsconfig.json (or jsconfig.json), `extends` followed, as esbuild reads it.
 *
 * @example
 * decoratorSettings('/apps/api'); // { legacy: true, metadata: true }
 */
export function decoratorSettings(appDir: string): DecoratorSettings {
  const found = getTsconfig(appDir, 'tsconfig.json') ?? getTsconfig(appDir, 'jsconfig.json');
  const options = found?.config.compilerOptions;
  const legacy = options?.experimentalDecorators === true;
  return { legacy, metadata: legacy && options?.emitDecoratorMetadata === true };
}

/** A decorator at a line's start or before a parameter (`@Column()`, `(@Inject() x`): a cheap test before parsing. */
const DECORATOR = /(?:^|[(,])[ \t]*@[A-Za-z_$]/m;

export const mayHaveDecorators = (source: string): boolean => source.includes('@') && DECORATOR.test(source);

/** Babel's parser plugin for decorators of this kind, so a file that has them parses (and prints them back as written). */
export const decoratorParser = (settings: DecoratorSettings): 'decorators-legacy' | 'decorators' => (settings.legacy ? 'decorators-legacy' : 'decorators');

/** The Babel plugin that writes the metadata. */
export const METADATA_PLUGIN = require.resolve('babel-plugin-transform-typescript-metadata');
