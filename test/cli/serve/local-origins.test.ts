import { localEdgeStep, toEdgeEvent } from '../../../cli/serve/local-origins';
import { manifestOf } from '../../lambdas/render/memory-app';
import { toFunctionUrlEvent } from '../../../cli/serve/function-url-event';
import { PROTOTYPE_NAMES } from '../../helpers/hostile-input';

describe('the conversions of the local server keep outsiders names as plain keys', () => {
  test.each(PROTOTYPE_NAMES)('%s as a query, cookie and header name', (name) => {
    const event = toEdgeEvent({ method: 'GET', url: `/a?${name}=1&${name}=2`, headers: { host: 'x', cookie: `${name}=c`, [name]: 'h' } });
    const { querystring, cookies, headers } = event.request;
    for (const map of [querystring, cookies, headers]) expect(Object.getPrototypeOf(map)).toBeNull();
    expect(querystring[name]).toEqual({ value: '1', multiValue: [{ value: '1' }, { value: '2' }] });
    expect(cookies[name]).toEqual({ value: 'c' });
    expect(headers[name.toLowerCase()]).toEqual({ value: 'h' }); // header names are lower-case, as CloudFront gives them
    expect(Object.keys(querystring)).toEqual([name]);
    expect(({} as Record<string, unknown>).multiValue).toBeUndefined();

    const lambda = toFunctionUrlEvent({ method: 'GET', url: `/a?${name}=1&${name}=2`, headers: { [name]: 'h' } });
    expect(lambda.queryStringParameters?.[name]).toBe('1,2');
    expect(lambda.headers[name.toLowerCase()]).toBe('h');
  });

  test('repeated query names keep every value, in order', () => {
    const { querystring } = toEdgeEvent({ method: 'GET', url: '/a?a=1&b=2&a=3&&c', headers: { host: 'x' } }).request;
    expect(querystring).toEqual({ a: { value: '1', multiValue: [{ value: '1' }, { value: '3' }] }, b: { value: '2' }, c: { value: '' } });
  });

  test('the Function URL event carries the headers a Function URL sets, whatever the viewer sent', () => {
    const event = toFunctionUrlEvent({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'javascript', 'x-forwarded-port': '1' } });
    expect(event.headers['x-forwarded-proto']).toBe('https');
    expect(event.headers['x-forwarded-port']).toBe('443');
  });

  test('through the viewer-request function, repeated query names, cookies and headers come back whole and in order', () => {
    const step = localEdgeStep(manifestOf({ '/ssr': { kind: 'ssr', module: { default: () => null } } }));
    const passed = step({ method: 'GET', url: '/ssr?a=1&b&a=2', headers: { host: 'x', cookie: 'k=1; j=2', 'x-many': ['p', 'q'] } });
    if (!('request' in passed)) throw new Error(`the function answered ${passed.response.status}`);
    expect(passed.request.url).toBe('/ssr?a=1&a=2&b');
    expect(passed.request.headers.cookie).toBe('k=1; j=2');
    expect(passed.request.headers['x-many']).toBe('p, q');
  });
});
