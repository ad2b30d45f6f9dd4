/**
 * Server bundles ship a source map beside them, read only when an error is logged, so the
 * log line's stack names the app's own file and line instead of a minified position.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, FIXTURES, type BuiltApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

let app: BuiltApp;
beforeAll(async () => {
  app = await buildApp(path.join(FIXTURES, 'apps', 'basic'));
});
afterAll(() => app?.cleanup());

async function errorLineOf(url: string): Promise<{ stack: string }> {
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await app.handler(functionUrlEvent(url));
  } finally {
    write.mockRestore();
  }
  const error = lines.map((l) => JSON.parse(l) as { level: string; stack: string }).find((l) => l.level === 'ERROR');
  if (!error) throw new Error(`no error line among ${lines.join('')}`);
  return error;
}

test('the render bundle has a map beside it, with sources named from the app, and no sourceMappingURL to load at cold start', () => {
  const bundle = path.join(app.outDir, 'lambdas/render/app.js');
  const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
  expect(map.sources).toContain('pages/throws.tsx');
  expect(map.sources.some((s) => s.startsWith('stratus/lambdas/render/'))).toBe(true);
  expect(map.sources.every((s) => !path.isAbsolute(s) && !s.startsWith('..'))).toBe(true);
  expect(readFileSync(bundle, 'utf8')).not.toContain('sourceMappingURL');
});

test("an error in a data function is logged with the page's own file and line", async () => {
  const { stack } = await errorLineOf('/throws');
  expect(stack).toMatch(/pages\/throws\.tsx:6:\d+/);
  // The top frame is the page's line, not a minified position in the bundle.
  expect(stack.split('\n')[1]).not.toMatch(/(index|app)\.js:\d+:\d+/);
});

test('an error while rendering names the component file too', async () => {
  const { stack } = await errorLineOf('/render-throws');
  expect(stack).toMatch(/pages\/render-throws\.tsx:2:\d+/);
  expect(existsSync(path.join(app.outDir, 'lambdas/render/app.js.map'))).toBe(true);
});

test('browser scripts get maps for an error tracker, kept out of the bucket and never referenced from the scripts', () => {
  const assets = path.join(app.outDir, 'assets');
  const files = (dir: string) => readdirSync(dir, { recursive: true }).map(String);
  expect(files(assets).filter((f) => f.endsWith('.map'))).toEqual([]);
  const scripts = files(path.join(assets, '_app/static')).filter((f) => f.endsWith('.js'));
  const maps = files(path.join(app.outDir, 'sourcemaps/_app/static'));
  for (const script of scripts) {
    expect(maps).toContain(`${script}.map`);
    expect(readFileSync(path.join(assets, '_app/static', script), 'utf8')).not.toContain('sourceMappingURL');
  }
  const pageMap = JSON.parse(readFileSync(path.join(app.outDir, 'sourcemaps/_app/static', maps.find((m) => m.includes('page-about'))!), 'utf8')) as { sources: string[] };
  expect(pageMap.sources.some((s) => s.endsWith('pages/about.tsx'))).toBe(true);
});

describe('a page in a bracketed folder whose render throws from a named function', () => {
  let notes: BuiltApp;
  beforeAll(async () => {
    notes = await buildApp(
      tempApp({
        'pages/notes/[id].tsx': [
          'function loadNote(id: string): string {',
          "  if (id === 'missing') throw new Error('no note ' + id);",
          '  return id;',
          '}',
          'export default function NotePage({ id }: { id: string }) {',
          '  const note = loadNote(id);',
          '  return <p>{note}</p>;',
          '}',
          "export function getServerSideProps({ params }: { params: { id: string } }) { return { props: { id: params.id } }; }",
          '',
        ].join('\n'),
      }),
    );
  });
  afterAll(() => notes?.cleanup());

  test('the logged stack names the file as written and the functions as the source names them', async () => {
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      await notes.handler(functionUrlEvent('/notes/missing'));
    } finally {
      write.mockRestore();
    }
    const { stack } = lines.map((l) => JSON.parse(l) as { level: string; stack: string }).find((l) => l.level === 'ERROR')!;
    const frames = stack.split('\n').slice(1);
    expect(frames[0]).toMatch(/^\s+at loadNote \(pages\/notes\/\[id\]\.tsx:2:\d+\)$/);
    expect(frames[1]).toMatch(/^\s+at NotePage \(pages\/notes\/\[id\]\.tsx:6:\d+\)$/);
    expect(stack).not.toContain('%5B');
  });
});
