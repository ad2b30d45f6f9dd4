/**
 * An exception the app's code throws after its answer, or a promise it leaves rejected, does
 * not end the local server: it is logged with what Lambda would do (end the instance), and the
 * next requests are answered. Through `stratus start` over HTTP.
 */
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { tempApp } from '../../helpers/temp-app';

let server: LocalServer;
beforeAll(async () => {
  const app = tempApp({
    'pages/index.tsx': 'export default function Home() { return <p>home</p>; }\n',
    'pages/api/late-throw.ts': "export default function handler(req: any, res: any) { setTimeout(() => { throw new Error('thrown after the answer'); }, 5); res.json({ answered: true }); }\n",
    'pages/api/floating.ts': "export default function handler(req: any, res: any) { Promise.reject(new Error('nobody awaits this')); res.json({ answered: true }); }\n",
  }, 'stratus-uncaught-');
  server = await startLocalServer(app);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

test('a throw after the answer and a floating rejection are logged as errors; the server answers on', async () => {
  expect(await (await fetch(`${server.base}/api/late-throw`)).json()).toEqual({ answered: true });
  await until(() => server.output().includes('thrown after the answer'));
  expect(await (await fetch(`${server.base}/api/floating`)).json()).toEqual({ answered: true });
  await until(() => server.output().includes('nobody awaits this'));
  expect(server.alive()).toBe(true);
  expect((await fetch(`${server.base}/`)).status).toBe(200);
  const errors = server.output().split('\n').filter((line) => line.includes('"level":"ERROR"')).map((line) => JSON.parse(line) as { error: string; context: string });
  expect(errors.map((e) => e.error)).toEqual(['thrown after the answer', 'nobody awaits this']);
  for (const e of errors) expect(e.context).toMatch(/in Lambda this instance would end here, and the next request start a new one/);
});
