/** API routes (pages/api): methods, body parsing, raw bodies, status helpers, redirects, cookies, errors. */
import type { CompatApp, RequestCheck } from './types';

const BODY = ['body'];

function call(method: NonNullable<RequestCheck['method']>, path: string, options: { type?: string; body?: string; name?: string; read?: string[] } = {}): RequestCheck {
  return {
    kind: 'request',
    name: options.name ?? `${method} ${path}${options.type ? ` (${options.type})` : ''}`,
    method,
    path,
    headers: options.type ? { 'content-type': options.type } : undefined,
    body: options.body,
    read: options.read ?? BODY,
  };
}

export const api: CompatApp = {
  name: 'api',
  checks: [
    call('GET', '/api/hello?x=1&x=2'),
    call('HEAD', '/api/hello'),
    call('POST', '/api/hello', { type: 'text/plain', body: 'hi' }),
    call('POST', '/api/echo', { type: 'application/json', body: '{"a":1,"b":[true,null]}' }),
    call('POST', '/api/echo', { type: 'application/x-www-form-urlencoded', body: 'a=1&b=2&b=3' }),
    call('POST', '/api/echo', { type: 'text/plain', body: 'just text' }),
    call('POST', '/api/echo', { type: 'application/json', body: '{"broken":', name: 'POST /api/echo (malformed JSON)' }),
    call('POST', '/api/echo', { name: 'POST /api/echo (no body, no type)' }),
    call('POST', '/api/raw', { type: 'application/octet-stream', body: 'raw-bytes' }),
    call('GET', '/api/users/7', { read: ['body', 'header:set-cookie'] }),
    call('PATCH', '/api/users/7', { type: 'application/json', body: '{"name":"Ada"}', read: ['body', 'header:set-cookie'] }),
    call('DELETE', '/api/users/7'),
    call('PUT', '/api/users/7', { type: 'application/json', body: '{}' }),
    call('GET', '/api/users/0'),
    call('GET', '/api/redirect'),
    call('GET', '/api/text'),
    call('GET', '/api/throws'),
    call('GET', '/api/nope'),
    call('GET', '/api'),
    call('GET', '/api/things'),
    call('GET', '/api/things/', { read: ['body', 'header:refresh'] }),
    call('GET', '/api/things/a/b'),
    // An edge API route (config.runtime 'edge'): a NextRequest in, the returned Response out.
    { ...call('GET', '/api/edge/7?q=x', { read: ['body', 'header:x-from-edge'] }), headers: { 'x-asked': 'yes', cookie: 'flavour=plum' } },
    call('POST', '/api/edge/8', { type: 'text/plain', body: 'sent', read: ['body', 'header:x-from-edge'] }),
    {
      kind: 'browser',
      name: 'a page calling an API route with fetch',
      steps: [{ goto: '/' }, { click: 'css:button' }, { text: '200', in: '#answer' }, { eval: 'document.cookie' }],
    },
  ],
};
