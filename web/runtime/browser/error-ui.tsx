/**
 * What the browser shows for errors, in a chunk of its own that start-client.tsx loads on
 * the first error: the built-in error page and its titles, the page for an exception while
 * rendering, and `getInitialProps` for the app's `_error`. A first load without an error
 * does not carry it.
 */
import Head from '../shared/head';
import { ClientErrorPage } from '../shared/error-page';
import { CLIENT_ERROR_TITLE } from '../shared/errors';

export { ErrorPage } from '../shared/error-page';
export { errorTitle } from '../shared/errors';
export { loadInitialProps } from '../shared/initial-props';

/** The built-in page for an exception in the browser, with its title. */
export function ClientError() {
  return (
    <>
      <Head><title>{CLIENT_ERROR_TITLE}</title></Head>
      <ClientErrorPage />
    </>
  );
}

export type ErrorUi = typeof import('./error-ui');
