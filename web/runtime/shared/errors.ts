/** Titles of the error pages, as the error-page contract fixes them (docs/ARCHITECTURE.md). */
export const ERROR_TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

export const UNKNOWN_ERROR_TITLE = 'An unexpected error has occurred';
export const CLIENT_ERROR_TITLE = 'Application error: a client-side exception has occurred';
export const CLIENT_ERROR_MESSAGE =
  'Application error: a client-side exception has occurred (see the browser console for more information).';

/** The client-exception message as the pages router words it in the browser, naming the page's host. */
export function clientErrorMessage(host: string): string {
  return `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`;
}

/** `404: This page could not be found`; `418: An unexpected error has occurred` for a status without a title of its own. */
export function errorTitle(statusCode: number): string {
  return `${statusCode}: ${ERROR_TITLES[statusCode] ?? UNKNOWN_ERROR_TITLE}`;
}
