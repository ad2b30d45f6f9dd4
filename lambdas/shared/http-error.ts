/** The one error type that carries an HTTP status through a core (the image core's 4xx answers). */
import { ERROR_TITLES, UNKNOWN_ERROR_TITLE } from '../../web/runtime/shared/errors';

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
