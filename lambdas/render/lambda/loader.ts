/**
 * The render function's entry, `index.js` (handler `index.handler`; `index.streamHandler`
 * behind a streaming Function URL): loads the app bundle
 * (`app.js`), compiled with V8's code cache when `stratus deploy` left one beside it, so
 * that a cold start skips most of compiling (code-cache.ts says where a cache comes from).
 * Without one, `require` loads the bundle as any module; when V8 refuses the one there
 * (Lambda's Node has changed since it was made), the bundle compiles afresh.
 *
 * Kept small and free of the app's modules: this file is the only code compiled without
 * the cache.
 */
import { readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type vm from 'node:vm';
import type { Context } from 'aws-lambda';
import { APP_BUNDLE_FILE, codeCacheFileName, isCodeCacheEvent, WARM_UP_PATH, type CodeCacheAnswer } from './code-cache';
import type { RenderBundle } from './bundle';

/** The hash of `app.js`'s bytes, written in by the build (cli/builder/steps/bundle-render.ts). */
declare const STRATUS_APP_BUNDLE_ID: string;

type Handler = (event: unknown, context?: Partial<Context>) => Promise<unknown>;

/** Whether the bundle was compiled from a cache: `used`, `rejected` by V8 (compiled afresh), or `none` beside it. */
export type CodeCacheStatus = 'used' | 'rejected' | 'none';

// CommonJS's own wrapper, spelled out: its head is taken off the first line's columns, so
// error positions (and the source map that reads them) are the bundle's own.
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n});';

const appFile = path.join(__dirname, APP_BUNDLE_FILE);
const cacheFile = codeCacheFileName(STRATUS_APP_BUNDLE_ID);

/**
 * The cache beside the bundle, in Lambda only: one made there is for Lambda's Node, and a
 * local server (`stratus serve` of a deployed build) would only refuse it.
 */
function readCache(): Buffer | undefined {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME === undefined) return undefined;
  try {
    return readFileSync(path.join(__dirname, cacheFile));
  } catch {
    return undefined; // None made yet: a first deploy, or `--no-code-cache`.
  }
}

/** The bundle as a script of its own, so that V8 can take a cache for it or make one of it. */
function compileApp(cachedData?: Buffer): vm.Script {
  // Loaded here, not at the top: a cold start without a cache has no use for it.
  const { Script, constants } = require('node:vm') as typeof vm;
  return new Script(WRAPPER_HEAD + readFileSync(appFile, 'utf8') + WRAPPER_TAIL, {
    filename: appFile,
    columnOffset: -WRAPPER_HEAD.length,
    cachedData,
    // `import()` in the bundle resolves as it would under require.
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
}

/**
 * Runs the bundle's module code as a module of its own. Its require is this file's, which
 * resolves from the same folder (`createRequire` would cost a cold start ≈ 17M instructions).
 */
function runApp(script: vm.Script): RenderBundle {
  const module = { exports: {} as RenderBundle };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, appFile, __dirname);
  return module.exports;
}

function warnRejected(): void {
  // Straight to fd 1, as the log module writes in Lambda (making process.stdout costs a cold start ≈ 3 ms).
  const line = { level: 'WARN', time: new Date().toISOString(), message: 'The code cache beside the bundle was made by another Node.js or with other settings (Lambda updated its runtime, or the memory size changed); the bundle compiled without it. The next `stratus deploy` makes a new one.' };
  try {
    writeSync(1, JSON.stringify(line) + '\n');
  } catch {
    // Nowhere to say it: the function works the same.
  }
}

/** The bundle, loaded with its cache when there is one; with none, by require itself. */
function loadBundle(): { app: RenderBundle; status: CodeCacheStatus } {
  const cachedData = readCache();
  if (!cachedData) return { app: require(appFile) as RenderBundle, status: 'none' };
  const script = compileApp(cachedData);
  const rejected = script.cachedDataRejected === true;
  if (rejected) warnRejected();
  return { app: runApp(script), status: rejected ? 'rejected' : 'used' };
}

const loaded = loadBundle();
const appHandler = loaded.app.handler;

/** A Function URL event for the warm-up request. */
function warmUpEvent(): unknown {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: WARM_UP_PATH,
    rawQueryString: '',
    headers: { host: 'localhost', accept: 'text/html' },
    requestContext: { http: { method: 'GET', path: WARM_UP_PATH, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'stratus-code-cache' }, requestId: 'code-cache', timeEpoch: Date.now() },
    isBase64Encoded: false,
  };
}

/**
 * Compiles the bundle afresh, as a script of its own, answers the warm-up request with it,
 * then serialises what V8 has compiled of it by then. A second copy of the app's modules
 * lives in this one instance from then on; nothing else sees it.
 */
async function makeCodeCache(context?: Partial<Context>): Promise<CodeCacheAnswer> {
  const script = compileApp();
  await runApp(script).handler(warmUpEvent(), context);
  return { file: cacheFile, codeCache: script.createCachedData().toString('base64'), node: process.version, arch: process.arch };
}

export const handler: Handler = (event, context) => (isCodeCacheEvent(event) ? makeCodeCache(context) : appHandler(event, context));

type StreamifyResponse = <H>(handler: H) => H;
/**
 * `index.streamHandler`: the handler of the streaming Function URL. Lambda's Node.js runtime
 * sets `awslambda.streamifyResponse` before it loads this file, and hands a handler it marked
 * a response stream; elsewhere (a test requiring the bundle) the function is as it is.
 */
const streamify = (globalThis as unknown as { awslambda?: { streamifyResponse?: StreamifyResponse } }).awslambda?.streamifyResponse ?? (<H>(h: H) => h);
export const streamHandler = streamify(loaded.app.streamHandler);
export const codeCache = loaded.status;
// What else the bundle exports (the bench and tests read `loadApp` and `modules`).
export const loadApp = loaded.app.loadApp;
export const modules = loaded.app.modules;
