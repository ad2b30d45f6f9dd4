/**
 * Titles of the error pages, as the spec fixes them, and the one error type that carries
 * an HTTP status through the server.
 */
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

/** An error that knows the status it should answer with. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERROR_TITLES[statusCode] ?? UNKNOWN_ERROR_TITLE);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

/** Structural check, so it holds across bundles (a page bundle and the Lambda have two copies). */
export function isHttpError(value: unknown): value is HttpError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'HttpError' &&
    typeof (value as { statusCode?: unknown }).statusCode === 'number'
  );
}
