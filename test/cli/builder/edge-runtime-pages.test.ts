/**
 * What Next's edge runtime gives pages and API routes, in the render function: a page marked
 * `runtime: 'experimental-edge'` (or `export const runtime = 'edge'`) without a data function
 * renders on each request, never prerendered; the global `AsyncLocalStorage` is there for the
 * app's server code without an import.
 */
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

let built: BuiltApp;

beforeAll(async () => {
  const dir = tempApp(
    {
      'pages/counted.js': "let renders = 0;\nexport const config = { runtime: 'experimental-edge' };\nexport default function Counted() { renders += 1; return <p id=\"n\">render {renders}</p>; }\n",
      'pages/segment.js': "export const runtime = 'edge';\nexport default function Segment() { if (typeof process.env.AT_BUILD === 'string') throw new Error('not at build'); return <p>segment</p>; }\n",
      'pages/plain.js': 'let renders = 0;\nexport default function Plain() { renders += 1; return <p>plain {renders}</p>; }\n',
      'pages/api/request-id.js':
        "export const config = { runtime: 'edge' };\nconst store = new AsyncLocalStorage();\nfunction read() { return store.getStore(); }\n" +
        "export default async function handler(request) { return store.run(request.headers.get('req-id'), async () => { await new Promise((r) => setTimeout(r, 5)); return Response.json({ id: read() }); }); }\n",
    },
    'stratus-edge-pages-',
  );
  process.env.AT_BUILD = '1';
  try {
    built = await buildApp(dir);
  } finally {
    delete process.env.AT_BUILD;
  }
}, 120_000);
afterAll(() => built?.cleanup());

test('an edge page without a data function renders on each request; a plain one is prerendered once', async () => {
  const first = (await built.handler(functionUrlEvent('/counted'))).body!;
  const second = (await built.handler(functionUrlEvent('/counted'))).body!;
  expect(first).toContain('render <!-- -->1');
  expect(second).toContain('render <!-- -->2');
  // Not prerendered, so its throw at build time did not stop the build; per request it renders.
  expect((await built.handler(functionUrlEvent('/segment'))).body).toContain('<p>segment</p>');
  expect(built.manifest.routes.find((r) => r.pattern === '/plain')?.kind).toBe('static');
  expect(built.manifest.routes.find((r) => r.pattern === '/counted')?.kind).toBe('ssr');
});

test('the global AsyncLocalStorage keeps each request its own value', async () => {
  const answers = await Promise.all(['a', 'b', 'c'].map((id) => built.handler(functionUrlEvent('/api/request-id', { headers: { 'req-id': id } }))));
  expect(answers.map((answer) => JSON.parse(answer.body!))).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
});
