/**
 * Render overhead: the Stratus render core (`app.handle`, a core request → a core response, in process)
 * against the floor: the page's `getServerSideProps` and a bare `renderToString` of the same `_app` + page with its props,
 * compiled the way the render bundle is (esbuild, minified, React in production mode).
 * Runs in a child process with stdout discarded, since the core logs a line per request.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { runtimeAliasPlugin } from '../../../cli/builder/plugins/runtime-alias';
import { SERVER_OPTIONS } from '../../../cli/builder/steps/bundle-render';
import type { RenderBundle } from '../../../lambdas/render/lambda/bundle';
import { readManifest, type Manifest } from '../../../contract/manifest';
import { OUTPUT_LAYOUT } from '../../../contract/output-layout';
import { STRATUS_APP, type StratusBuild } from '../apps';
import type { BenchOptions } from '../options';
import { countProcessInstructions } from '../instructions';
import { measuredEnv, timeProcess } from '../processes';
import { opsPerCpuSecond, opsPerCpuSecondAsync } from '../cpu-time';
import { summarize } from '../stats';
import type { ResultRow } from '../table';

const FLOOR_ENTRY = `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import App from ${JSON.stringify(path.join(STRATUS_APP, 'pages', '_app.tsx'))};
import Page, { getServerSideProps } from ${JSON.stringify(path.join(STRATUS_APP, 'pages', 'ssr', '[id].tsx'))};
export const render = (props) => renderToString(createElement(App, { Component: Page, pageProps: props }));
// The app's own work on both sides: its data function, then the tree.
export const renderWithData = (context) => render(getServerSideProps(context).props);
`;

/** Compiles the floor: the page tree and React alone, with the render bundle's settings. */
export async function buildFloorBundle(outDir: string): Promise<string> {
  const outfile = path.join(outDir, '.cache', 'bench-floor.js');
  await build({
    ...SERVER_OPTIONS,
    stdin: { contents: FLOOR_ENTRY, resolveDir: STRATUS_APP, loader: 'js' },
    outfile,
    plugins: [runtimeAliasPlugin({ esmFacades: true })],
  });
  return outfile;
}

interface ChildResult {
  core: number[];
  floor: number[];
}

/** Both sides, loaded from the render bundle and the floor bundle; the markup checked to be the same. */
async function loadSides(renderDir: string, floorFile: string): Promise<{ core: () => Promise<string>; bare: () => string }> {
  const bundle = require(path.join(renderDir, 'index.js')) as RenderBundle;
  const manifest = readManifest(path.join(renderDir, OUTPUT_LAYOUT.manifest));
  const app = bundle.loadApp(manifest);
  const floor = require(floorFile) as { render(props: unknown): string; renderWithData(context: unknown): string };
  const page = bundle.modules.pages['/ssr/[id]']!;
  const dataContext = () => ({ params: { id: '1' }, query: { id: '1' }, locale: 'en', locales: ['en', 'fr'], defaultLocale: 'en', headers: {}, cookies: {}, resolvedUrl: '/ssr/1' });
  // The bench page reads neither req nor res.
  const data = (await page.getServerSideProps!(dataContext() as unknown as Parameters<NonNullable<typeof page.getServerSideProps>>[0])) as { props: unknown };
  const core = async () => {
    const response = await app.handle({ method: 'GET', path: '/ssr/1', rawQuery: '', headers: { host: 'localhost' } }, { requestId: 'bench' });
    return response.body as string;
  };
  // Same tree, same props: the floor's markup is exactly the page inside the core's document.
  const html = await core();
  if (!html.includes(`<div id="__next">${floor.render(data.props)}</div>`)) throw new Error('the floor does not render the same markup as the render core');
  // The floor runs the page's getServerSideProps too (~3 µs of the app's own work, which the core runs on every request).
  return { core, bare: () => floor.renderWithData(dataContext()) };
}

/** The child's side: `bench.cjs child-render <render dir> <floor bundle> <slice ms> <rounds> <out file>`. */
export async function renderChild(args: string[]): Promise<void> {
  const [renderDir, floorFile, sliceText, roundsText, outFile] = args as [string, string, string, string, string];
  const sliceMs = Number(sliceText);
  const { core, bare } = await loadSides(renderDir, floorFile);
  const result: ChildResult = { core: [], floor: [] };
  opsPerCpuSecond(bare, sliceMs / 2);
  await opsPerCpuSecondAsync(core, sliceMs / 2);
  for (let round = 0; round < Number(roundsText); round++) {
    result.floor.push(opsPerCpuSecond(bare, sliceMs));
    result.core.push(await opsPerCpuSecondAsync(core, sliceMs));
  }
  writeFileSync(outFile, JSON.stringify(result));
}

/** For counting instructions: `bench.cjs child-render-ops <render dir> <floor bundle> <core|floor> <ops>` runs one side `ops` times. */
export async function renderOpsChild(args: string[]): Promise<void> {
  const [renderDir, floorFile, side, opsText] = args as [string, string, 'core' | 'floor', string];
  const { core, bare } = await loadSides(renderDir, floorFile);
  for (let op = 0; op < Number(opsText); op++) {
    if (side === 'core') await core();
    else bare();
  }
}

/**
 * Instructions a render takes on each side (perf), where it can count: runs of N and of 3N
 * renders in fresh processes, whose difference leaves out loading and compiling; the median
 * of `repeats` such differences.
 */
async function countedPerRender(app: StratusBuild, floorFile: string, mainFile: string, ops: number, repeats: number): Promise<{ core: number; floor: number } | undefined> {
  const env = measuredEnv({ NODE_ENV: 'production' });
  const perRender = async (side: 'core' | 'floor'): Promise<number | undefined> => {
    const differences: number[] = [];
    for (let repeat = 0; repeat < repeats; repeat++) {
      const count = (n: number) => countProcessInstructions(process.execPath, [mainFile, 'child-render-ops', app.renderDir, floorFile, side, String(n)], env);
      const few = await count(ops);
      const many = few === undefined ? undefined : await count(3 * ops);
      if (few === undefined || many === undefined) return undefined;
      differences.push((many - few) / (2 * ops));
    }
    return summarize(differences).median;
  };
  const core = await perRender('core');
  const floor = core === undefined ? undefined : await perRender('floor');
  return core === undefined || floor === undefined ? undefined : { core, floor };
}

export async function runRenderCore(app: StratusBuild, options: BenchOptions, mainFile: string, log: (line: string) => void): Promise<ResultRow[]> {
  const floorFile = await buildFloorBundle(app.outDir);
  const outFile = path.join(app.outDir, '.cache', 'bench-render.json');
  const rounds = options.mode === 'full' ? 5 : 1;
  const child = await timeProcess(process.execPath, [mainFile, 'child-render', app.renderDir, floorFile, String(options.render.sliceMs), String(rounds), outFile], { env: measuredEnv({ NODE_ENV: 'production' }) });
  if (child.code !== 0) throw new Error(`render core benchmark failed:\n${child.stderr}`);
  const result = JSON.parse(readFileSync(outFile, 'utf8')) as ChildResult;
  log(`  render core ${result.core.map((v) => v.toFixed(0)).join(', ')} /s; floor ${result.floor.map((v) => v.toFixed(0)).join(', ')} /s`);
  const counted = await countedPerRender(app, floorFile, mainFile, options.render.countedOps, rounds === 1 ? 1 : 3);
  if (counted) log(`  counted (perf): render core ${(counted.core / 1000).toFixed(0)}k, floor ${(counted.floor / 1000).toFixed(0)}k instructions a render`);
  const section = 'Render overhead (in process, /ssr/1)';
  return [
    {
      id: 'render-core',
      section,
      label: 'render core vs getServerSideProps + bare renderToString',
      unit: 'renders per CPU-s',
      better: 'higher',
      stratus: summarize(result.core),
      other: summarize(result.floor),
      otherLabel: 'floor',
    },
    ...(counted
      ? [
          {
            id: 'render-core-instructions',
            section,
            label: 'instructions a render (perf), render core vs floor',
            unit: 'instructions',
            better: 'lower' as const,
            stratus: summarize([counted.core]),
            other: summarize([counted.floor]),
            otherLabel: 'floor' as const,
          },
        ]
      : []),
  ];
}
