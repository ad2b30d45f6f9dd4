/**
 * `npm run compat:external` on a small app of our own (test/fixtures/outside-app): built
 * and served with Stratus, every planned request and browser step observed, and, when Next
 * is installed in the scratch area (never in CI; found as the tool finds it), compared with
 * Next with no difference left unexplained.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { measureApp, type AppResult } from '../../../compat/external/measure';
import { installedNextVersion, scratchAt, type Scratch } from '../../../compat/external/scratch';
import { externalTable } from '../../../compat/external/table';
import { launchChromium } from '../../../compat/observe/chromium';
import { openHtmlReader, type HtmlReader } from '../../../compat/observe/html-reader';

const APP = path.resolve(__dirname, '../../fixtures/outside-app');
const withNext = installedNextVersion(scratchAt()) !== null;

describe(`compat:external on an app of our own (${withNext ? 'with' : 'without'} Next)`, () => {
  let browser: Browser;
  let reader: HtmlReader;
  let temp: string;
  let result: AppResult;
  const stratusSaw = (check: string) => result.checks.find((row) => row.check === check)?.stratus ?? {};

  beforeAll(async () => {
    temp = mkdtempSync(path.join(os.tmpdir(), 'stratus-external-'));
    const scratch: Scratch = withNext ? scratchAt() : scratchAt(temp);
    browser = await launchChromium();
    reader = await openHtmlReader(browser);
    result = await measureApp({ scratch, appDir: APP, name: 'outside-app-test', withNext, observers: { browser, reader }, log: () => undefined });
  }, 300_000);

  afterAll(async () => {
    await reader?.close();
    await browser?.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it('builds the app with Stratus', () => {
    expect(result.stratus).toMatchObject({ ok: true });
  });

  it('asks for every route, the prerendered paths, a missing page and the redirect source', () => {
    expect(result.checks.map((row) => row.check)).toEqual([
      'GET /about',
      'GET /api/hello',
      'GET /',
      'GET /posts/first',
      'GET /posts/second',
      'GET /stratus-compat-missing-page',
      'GET /old-about',
      'GET /about/',
      'browser: load /about',
      'browser: load /',
      'browser: load /posts/first',
      'browser: load /posts/second',
      'browser: links on /',
    ]);
  });

  it("records Stratus's answers: statuses, redirects, titles, text and API bodies", () => {
    expect(stratusSaw('GET /')).toMatchObject({ status: '200', title: 'Outside home', text: 'Home About First post' });
    expect(stratusSaw('GET /posts/second')).toMatchObject({ status: '200', text: 'Post second' });
    expect(stratusSaw('GET /api/hello')).toMatchObject({ status: '200', body: '{"hello":"world"}' });
    expect(stratusSaw('GET /stratus-compat-missing-page')).toMatchObject({ status: '404' });
    expect(stratusSaw('GET /old-about')).toMatchObject({ status: '307', location: '/about' });
    expect(stratusSaw('GET /about/')).toMatchObject({ status: '308', location: '/about' });
  });

  it('loads pages in the browser until hydrated, and follows links softly', () => {
    expect(stratusSaw('browser: load /')).toMatchObject({ status: '200', hydrated: 'yes', 'console errors': 'none' });
    expect(stratusSaw('browser: links on /')).toMatchObject({
      links: '/about /posts/first',
      '1 /about: url': '/about',
      '1 /about: navigation': 'soft',
      '1 /about: text': 'About us',
      '2 /posts/first: url': '/posts/first',
      '2 /posts/first: navigation': 'soft',
      '2 /posts/first: text': 'Post first',
      'console errors': 'none',
    });
  });

  (withNext ? it : it.skip)('agrees with Next on every check, or differs only deliberately', () => {
    expect(result.next).toMatchObject({ ok: true });
    const table = externalTable([result]);
    expect(table).toContain('| outside-app-test | yes (');
    const undocumented = result.checks.filter((row) => !['agrees', 'deliberate'].includes(row.comparison?.verdict ?? 'missing'));
    expect(undocumented.map((row) => [row.check, row.comparison?.differences])).toEqual([]);
  });
});
