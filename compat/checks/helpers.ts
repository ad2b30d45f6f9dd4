/** Shorthands for writing checks. */
import type { RequestCheck } from './types';

/** `GET <path>`, reading the extra elements given. */
export function get(path: string, options: Omit<RequestCheck, 'kind' | 'name' | 'path'> & { name?: string } = {}): RequestCheck {
  return { kind: 'request', name: options.name ?? `GET ${path}`, path, ...options };
}
