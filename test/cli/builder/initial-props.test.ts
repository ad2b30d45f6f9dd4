/**
 * The initial-props fixture built and served through its render Lambda: a custom
 * `_document`, getInitialProps on pages and on `_app`, a static custom 404; and the build
 * errors of pages that mix getInitialProps with a data function.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, FIXTURES, type BuiltApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { build } from '../../../cli/builder/build';

let app: BuiltApp;

beforeAll(async () => {
  app = await buildApp(path.join(FIXTURES, 'apps', 'initial-props'));
});
afterAll(() => app?.cleanup());

/** One request through the built handler, its log lines kept out of the test output. */
async function get(url: string): Promise<{ statusCode: number; body: string; headers: Record<string, string> }> {
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    return (await app.handler(functionUrlEvent(url))) as { statusCode: number; body: string; headers: Record<string, string> };
  } finally {
    write.mockRestore();
  }
}

test('getInitialProps pages, and pages without data under an _app with one, are server pages flagged initialProps; getStaticProps stays static', () => {
  const kinds = Object.fromEntries(app.manifest.routes.map((r) => [r.pattern, [r.kind, r.initialProps ?? false]]));
  expect(kinds).toEqual({
    '/': ['ssr', true],
    '/about': ['ssg', false],
    '/boom': ['ssr', true],
    '/other': ['ssr', true],
    '/plain': ['ssr', true],
    '/server': ['ssr', false],
  });
});

test('the page renders through _document: <html dir>, no lang (no i18n), <body> attributes, document head children', async () => {
  const res = await get('/');
  expect(res.statusCode).toBe(200);
  expect(res.body).toMatch(/^<!DOCTYPE html><html dir="ltr"><head>/);
  expect(res.body).toContain('<meta name="generator" content="initial-props fixture"/>');
  expect(res.body).toContain('<body class="gip-body" data-theme="dusk"><div id="__next">');
  expect(res.body).toContain('page props from the <!-- -->server<!-- --> (req: <!-- -->true<!-- -->, app: <!-- -->server<!-- -->)');
  expect(res.body).toMatch(/<script id="__NEXT_DATA__"[^>]*>.*<\/script><script type="module" src="\/_app\/static\/[^"]+" defer><\/script><\/body><\/html>$/);
});

test("_app's getInitialProps feeds a page without data function", async () => {
  expect((await get('/plain')).body).toContain('plain, app props from the <!-- -->server');
});

test('an exception in getInitialProps is a 500', async () => {
  const res = await get('/boom');
  expect(res.statusCode).toBe(500);
  expect(res.body).toContain('<body class="gip-body"');
});

test('the static custom 404 is served with status 404, never kept by caches (as the pages router sends it)', async () => {
  const res = await get('/nowhere');
  expect(res.statusCode).toBe(404);
  expect(res.headers['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  expect(res.body).toContain('Nothing here (custom 404)');
});

describe('build errors', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-gip-'));
    mkdirSync(path.join(dir, 'pages'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test.each(['getServerSideProps', 'getStaticProps'])('getInitialProps with %s is refused, naming the file', async (fn) => {
    writeFileSync(
      path.join(dir, 'pages', 'mixed.tsx'),
      `export default function Mixed() { return null; }\nMixed.getInitialProps = async () => ({});\nexport async function ${fn}() { return { props: {} }; }\n`,
    );
    await expect(build({ appDir: dir, outDir: path.join(dir, '.out'), imageLambda: false, log: () => undefined })).rejects.toThrow(
      `pages/mixed.tsx has getInitialProps and ${fn}: keep one (the pages router refuses both).`,
    );
  });
});
