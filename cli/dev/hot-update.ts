/**
 * What the browser does after a save, worked out from two browser builds
 * (client-build.ts): swap stylesheets, run the changed modules again (the dev client,
 * web/runtime/browser/dev/hot-client.ts, walks up to the modules that can take the change),
 * or reload the document when a module of the page cannot be run again on its own.
 */
import path from 'node:path';
import type { Metafile } from 'esbuild';
import type { DevClientBuild } from './client-build';
import { outputUrlOf } from '../builder/steps/bundle-client';

/** A module of the update, as hot-client.ts reads it. */
export interface GraphNode {
  url: string;
  importers: string[];
  root?: true;
}

export interface UpdateMessage {
  version: number;
  changed: { id: string; hash: string }[];
  graph: Record<string, GraphNode>;
  css: [string, string][];
  pages: Record<string, string>;
}

export type HotUpdate = { type: 'update'; message: UpdateMessage } | { type: 'reload'; reason: string } | { type: 'none' };

const isAppModule = (key: string) => !/^[a-z-]+:/.test(key) && !key.startsWith('..') && !key.includes('node_modules/');

/** Input key → the output (path) holding its code, and the one that is its entry. */
function outputsOf(metafile: Metafile): { code: Map<string, string>; entry: Map<string, string> } {
  const code = new Map<string, string>();
  const entry = new Map<string, string>();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    for (const input of Object.keys(info.inputs)) code.set(input, output);
    if (info.entryPoint) entry.set(info.entryPoint, output);
  }
  return { code, entry };
}

function importersOf(metafile: Metafile): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const [key, input] of Object.entries(metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.external) continue;
      const list = importers.get(imported.path) ?? [];
      if (!list.includes(key)) list.push(key);
      importers.set(imported.path, list);
    }
  }
  return importers;
}

/** Every output `output` loads through static imports, itself included. */
function closure(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  if (seen.has(output)) return seen;
  seen.add(output);
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) closure(metafile, imported.path, seen);
  }
  return seen;
}

/**
 * A chunk's code without its comments of file names and map: a chunk's name also changes
 * with its stylesheet's (a CSS Module's class map is the same after a colour changed).
 */
function codeOf(build: DevClientBuild, output: string | undefined): string | undefined {
  const file = output && build.files.get(outputUrlOf(build.plan, output));
  return file ? file.text.replace(/^\/\/[#@ ].*$/gm, '') : undefined;
}

/** Each entry's stylesheet (main, `_app`, pages): entry point → URL. */
function stylesheets(build: DevClientBuild): Map<string, string> {
  const sheets = new Map<string, string>();
  for (const info of Object.values(build.metafile.outputs)) {
    if (info.entryPoint && info.cssBundle) sheets.set(info.entryPoint, outputUrlOf(build.plan, info.cssBundle));
  }
  return sheets;
}

/**
 * The update from `previous` to `next`. `appFile`: `_app`, which only a reload updates (as
 * in the pages router).
 */
export function hotUpdate(previous: DevClientBuild, next: DevClientBuild, appFile: string | undefined): HotUpdate {
  const before = outputsOf(previous.metafile);
  const after = outputsOf(next.metafile);

  const oldSheets = stylesheets(previous);
  const css: [string, string][] = [];
  for (const [entry, url] of stylesheets(next)) {
    const old = oldSheets.get(entry);
    if (old && old !== url) css.push([old, url]);
  }

  // A module changed when the code it runs did: its transform's hash, or, for modules
  // without one (CSS Modules' class maps, JSON, images), its chunk, which holds no imports.
  const changed: { id: string; hash: string }[] = [];
  for (const key of Object.keys(next.metafile.inputs)) {
    if (!isAppModule(key) || !previous.metafile.inputs[key]) continue;
    const version = next.versions.get(key);
    if (version) {
      const was = previous.versions.get(key);
      if (was && was.clientHash !== version.clientHash) changed.push({ id: key, hash: version.clientHash });
    } else if (after.entry.has(key) && before.code.get(key) !== after.code.get(key) && codeOf(previous, before.code.get(key)) !== codeOf(next, after.code.get(key))) {
      changed.push({ id: key, hash: path.basename(after.code.get(key)!) });
    }
  }

  const pages: Record<string, string> = {};
  for (const [file, pattern] of next.plan.pageFiles) {
    const output = after.entry.get(`stratus-page:${file}`);
    if (output) pages[pattern] = outputUrlOf(next.plan, output);
  }
  if (changed.length === 0) return css.length > 0 ? { type: 'update', message: { version: next.version, changed, graph: {}, css, pages } } : { type: 'none' };

  // The changed modules and everything above them, with their new scripts.
  const importers = importersOf(next.metafile);
  const appKey = appFile ? path.relative(path.resolve(next.plan.options.absWorkingDir ?? '.'), appFile).split(path.sep).join('/') : undefined;
  const graph: Record<string, GraphNode> = {};
  const pending = changed.map((c) => c.id);
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (graph[key]) continue;
    const output = after.entry.get(key);
    const root = !isAppModule(key) || key === appKey || !output;
    graph[key] = { url: output ? outputUrlOf(next.plan, output) : '', importers: importers.get(key) ?? [], ...(root ? { root: true as const } : {}) };
    if (!root) pending.push(...graph[key]!.importers);
  }

  // Running those scripts must not run anything else again: a new chunk may hold only
  // modules of the update (or modules that are no entries, such as an image's size). One
  // that holds React, say, because esbuild grouped the chunks anew, means a reload.
  const oldOutputs = new Set(Object.keys(previous.metafile.outputs));
  const updating = new Set(Object.keys(graph));
  for (const [key, node] of Object.entries(graph)) {
    if (node.root) continue;
    for (const output of closure(next.metafile, after.entry.get(key)!)) {
      if (oldOutputs.has(output)) continue;
      const strangers = Object.keys(next.metafile.outputs[output]!.inputs).filter((input) => !updating.has(input) && after.entry.has(input));
      if (strangers.length > 0) return { type: 'reload', reason: `the update would run ${strangers[0]} again` };
    }
  }
  return { type: 'update', message: { version: next.version, changed, graph, css, pages } };
}
