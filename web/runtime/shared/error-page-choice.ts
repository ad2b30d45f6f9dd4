/** Which of the app's own error pages shows a status: the one rule for server and browser. */

/** The app's own error pages, by file name under `pages/`. */
export type ErrorPageName = '404' | '500' | '_error';

/**
 * `pages/404` for 404 and `pages/500` for 500 when the app has them, else `pages/_error`;
 * undefined when the app has none of those (the built-in page shows it).
 *
 * @example
 * chooseErrorPage(404, (name) => name === '_error'); // '_error'
 */
export function chooseErrorPage(statusCode: number, has: (name: ErrorPageName) => boolean): ErrorPageName | undefined {
  if (statusCode === 404 && has('404')) return '404';
  if (statusCode === 500 && has('500')) return '500';
  return has('_error') ? '_error' : undefined;
}
