/**
 * What the browser shows for errors, in a chunk of its own that start-client.tsx loads on
 * the first error: the built-in error page and its titles, the page for an exception while
 * rendering, and `getInitialProps` for the app's `_error`. A first load without an error
 * does not carry it.
 */
export { ErrorPage, ClientErrorPage as ClientError } from '../shared/error-page';
export { errorTitle } from '../shared/errors';
export { loadInitialProps } from '../shared/initial-props';

export type ErrorUi = typeof import('./error-ui');
