/** `next/server`: middleware's request and response, and `URLPattern`, under the names pages-router apps import. */
export * from '../server';
export { URLPattern } from '../shared/url-pattern';
