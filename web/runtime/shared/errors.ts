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

/** `404: This page could not be found`, or the generic title for statuses without one. */
export function errorTitle(statusCode: number): string {
  const title = ERROR_TITLES[statusCode];
  return title ? `${statusCode}: ${title}` : UNKNOWN_ERROR_TITLE;
}
