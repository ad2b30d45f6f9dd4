/** Requests to the image core and readers of its answers, as the Function URL adapter makes and reads them. */
import type { CoreRequest, CoreResponse } from '../../../lambdas/shared/http';

/** `GET /_app/image?<query>` (or another method) with the given headers. */
export function imageRequest(query: string, headers: Record<string, string> = {}, method = 'GET'): CoreRequest {
  return { method, path: '/_app/image', rawQuery: query, headers };
}

/** The body of a text answer (an error message); '' when there is none. */
export function textOf(response: CoreResponse): string {
  if (response.body === undefined) return '';
  return typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
}

/** The body of an image answer. */
export function bytesOf(response: CoreResponse): Buffer {
  if (response.body === undefined) throw new Error(`no body (status ${response.status})`);
  return typeof response.body === 'string' ? Buffer.from(response.body) : Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength);
}
