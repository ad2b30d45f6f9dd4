/**
 * Middleware at a cold start: answering `NextResponse.next()` or `rewrite()` (with headers and
 * cookies set on it, or none) and reading the request's cookies and headers does not load
 * Node's fetch implementation (undici, ≈ 100M
 * instructions on Node 20 and 150M on Node 22, more than the rest of the cold start). The
 * answers stay `Response`s all the same: to an app that reads the global `Response`, and
 * when the middleware makes a real one (a redirect).
 */
import path from 'node:path';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { runColdProbe } from '../../helpers/cold-probe';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

// A fresh process, as Lambda starts one: the bundle loaded, one event answered, then whether undici was loaded by then.
const PROBE = `
const { handler } = require(process.env.BUNDLE);
handler(JSON.parse(process.env.EVENT), { awsRequestId: 'cold' }).then((result) => {
  const undici = process.moduleLoadList.some((name) => name.includes('undici'));
  process.stderr.write('PROBE ' + JSON.stringify({ status: result.statusCode, headers: result.headers, cookies: result.cookies ?? [], undici }) + '\\n');
});
`;

let app: BuiltApp;

beforeAll(async () => {
  const dir = tempApp({
    'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
    'pages/elsewhere.tsx': 'export default function Elsewhere() { return <p>elsewhere</p>; }\n',
    'pages/secured.tsx': 'export default function Secured() { return <p>secured</p>; }\n',
    'middleware.ts': [
      "import { NextResponse, type NextRequest } from 'stratus/server';",
      'export function middleware(request: NextRequest) {',
      "  if (request.cookies.get('go')?.value === 'away') return NextResponse.redirect(new URL('/elsewhere', request.url));",
      "  if (request.nextUrl.pathname === '/moved') return NextResponse.rewrite(new URL('/elsewhere', request.url));",
      "  if (request.nextUrl.pathname === '/secured') {",
      '    const answer = NextResponse.next();',
      "    answer.headers.set('x-frame-options', 'DENY');",
      "    answer.cookies.set('seen', '1');",
      '    return answer;',
      '  }',
      "  if (request.headers.get('x-check') === 'yes') {",
      '    const answer = NextResponse.next();',
      '    // The global read first, then a member: the answer is a Response before either.',
      '    const isResponse = answer instanceof Response && answer instanceof NextResponse;',
      "    answer.headers.set('x-is-response', String(isResponse));",
      '    return answer;',
      '  }',
      '  return NextResponse.next();',
      '}',
    ].join('\n'),
  });
  app = await buildApp(dir);
});

afterAll(() => app?.cleanup());

function coldRequest(pathAndQuery: string, headers: Record<string, string> = {}, cookies?: string[]): { status: number; headers: Record<string, string>; cookies: string[]; undici: boolean } {
  const event = functionUrlEvent(pathAndQuery, { headers: { accept: 'text/html', ...headers }, cookies });
  return runColdProbe<ReturnType<typeof coldRequest>>(PROBE, path.join(app.outDir, 'lambdas', 'render', 'index.js'), event).probe;
}

test('a page through middleware that answers next() or rewrite() loads no fetch implementation', () => {
  expect(coldRequest('/')).toMatchObject({ status: 200, undici: false });
  expect(coldRequest('/moved')).toMatchObject({ status: 200, undici: false });
});

test('headers and cookies set on next() reach the answer, still without loading it', () => {
  const cold = coldRequest('/secured');
  expect(cold).toMatchObject({ status: 200, undici: false });
  expect(cold.headers['x-frame-options']).toBe('DENY');
  expect(cold.cookies).toEqual(['seen=1; Path=/']);
});

test('an answer of next() is a Response to middleware that asks, before it uses any of its members', () => {
  const cold = coldRequest('/', { 'x-check': 'yes' });
  expect(cold.status).toBe(200);
  expect(cold.headers['x-is-response']).toBe('true');
});

test('middleware that makes a real Response (a redirect) still answers with it', () => {
  const cold = coldRequest('/', {}, ['go=away']);
  expect(cold.status).toBe(307);
  expect(cold.headers.location).toMatch(/\/elsewhere$/);
  expect(cold.undici).toBe(true);
});
