/**
 * A route module that throws as it loads fails its own requests, not the function: the build
 * goes on (the pages router builds such an app), the other routes answer, and every request
 * to it is a 500 with the module's own error logged, as in the pages router. Through `stratus
 * start` over HTTP.
 */
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { tempApp } from '../../helpers/temp-app';

let server: LocalServer;
beforeAll(async () => {
  const app = tempApp({
    'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
    'pages/api/ok.ts': 'export default function handler(req: any, res: any) { res.json({ ok: true }); }\n',
    'pages/api/broken.ts': "if (!process.env.NEVER_SET) throw new Error('the database client could not start');\nexport default function handler(req: any, res: any) { res.json({ ok: true }); }\n",
    'pages/broken-page.tsx': "if (!process.env.NEVER_SET) throw new Error('the page module could not load');\nexport default function Broken() { return <p>never</p>; }\nexport function getServerSideProps() { return { props: {} }; }\n",
  }, 'stratus-load-failure-');
  server = await startLocalServer(app);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

test('an API route whose module throws at load answers 500 on each request, with its own error; the others answer', async () => {
  expect(await (await fetch(`${server.base}/api/ok`)).json()).toEqual({ ok: true });
  for (let i = 0; i < 2; i++) expect((await fetch(`${server.base}/api/broken`)).status).toBe(500);
  expect((await fetch(`${server.base}/`)).status).toBe(200);
  const errors = server.output().split('\n').filter((line) => line.includes('"level":"ERROR"')).map((line) => JSON.parse(line) as { error: string; route?: string; path?: string });
  expect(errors.filter((e) => e.error === 'the database client could not start').map((e) => e.path)).toEqual(['/api/broken', '/api/broken']);
});

test('a page module that throws at load is alike: its own 500s, the same error each time', async () => {
  for (let i = 0; i < 2; i++) expect((await fetch(`${server.base}/broken-page`)).status).toBe(500);
  const errors = server.output().split('\n').filter((line) => line.includes('the page module could not load'));
  expect(errors).toHaveLength(2);
  expect((await fetch(`${server.base}/`)).status).toBe(200);
});
