/**
 * The Stratus half of `npm run compat`, as ordinary tests: builds one compat app with
 * Stratus (once per file), serves it with `stratus start`, and puts it through the checks
 * of compat/checks/<app>.ts. Each must answer what Next.js answered, as recorded in
 * test/compat/observed/<app>.ts by `npm run compat -- --record`, but for the known
 * differences of compat/differences.ts. Next itself is not needed.
 */
import type { Browser } from 'playwright-core';
import { installAppPackages } from '../../../compat/app-packages';
import type { CompatApp } from '../../../compat/checks/types';
import { expectedStratus, type RecordedCheck } from '../../../compat/compare';
import { launchChromium } from '../../../compat/observe/chromium';
import { openHtmlReader, type HtmlReader } from '../../../compat/observe/html-reader';
import { observe } from '../../../compat/observe/observe';
import type { Target } from '../../../compat/observe/target';
import { appDir } from '../../../compat/paths';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';

export function describeCompatApp(app: CompatApp, observed: Record<string, RecordedCheck>): void {
  // Browser steps against recorded answers can meet timing the recording did not (two
  // CI runs each met one: a browser's srcset pick, the order of two failing prefetches,
  // both since made deterministic). A retry is logged, so a check that only passes on a
  // retry still shows in the output.
  jest.retryTimes(2, { logErrorsBeforeRetry: true });
  let server: LocalServer | undefined;
  let browser: Browser | undefined;
  let reader: HtmlReader;
  let target: Target;

  beforeAll(async () => {
    await installAppPackages(appDir(app.name));
    [server, browser] = await Promise.all([startLocalServer(appDir(app.name)), launchChromium()]);
    reader = await openHtmlReader(browser);
    target = { framework: 'stratus', baseUrl: `http://127.0.0.1:${server.port}`, buildId: server.manifest.buildId };
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('every check has a recorded Next.js answer', () => {
    expect(app.checks.map((c) => c.name).filter((name) => !observed[name])).toEqual([]);
  });

  for (const check of app.checks) {
    test(check.name, async () => {
      const expected = expectedStratus(observed[check.name] ?? { next: {} });
      expect(await observe(check, target, { browser: browser!, reader }, expected)).toEqual(expected);
    });
  }
}
