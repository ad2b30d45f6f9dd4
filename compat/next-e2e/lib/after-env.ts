/** After each outside test file: its apps stopped, its browser closed, whatever failed. */
import { closeBrowsers } from './browser';
import { destroyAll } from './e2e-utils';

afterAll(async () => {
  await destroyAll();
  await closeBrowsers();
});
