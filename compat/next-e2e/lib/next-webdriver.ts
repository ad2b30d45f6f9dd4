/** `next-webdriver`'s default export: a browser on `path` of the server at a URL or port. */
import { openBrowser, type BrowserOptions } from './browser';
import { getFullUrl, serverPath } from './next-test-utils';

export default function webdriver(appPortOrUrl: string | number, pathname: string, options?: BrowserOptions) {
  return openBrowser(getFullUrl(appPortOrUrl, serverPath(pathname)), options);
}
