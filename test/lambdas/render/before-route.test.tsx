/** The seam for the routing layer before route matching: the step runner, and the core running steps. */
import { runBeforeRoute, type BeforeRouteStep } from '../../../lambdas/render/before-route';
import { NO_STORE } from '../../../lambdas/render/cache-control';
import { captureLogs, memoryApp, request, target } from './memory-app';

describe('runBeforeRoute', () => {
  test('no steps: the target as it was, no headers', async () => {
    const t = target('/a');
    expect(await runBeforeRoute([], t)).toEqual({ target: t, headers: undefined });
  });

  test('a rewrite changes the path later steps and the route stage see; headers add up, later ones winning', async () => {
    const seen: string[] = [];
    const steps: BeforeRouteStep[] = [
      (t) => (seen.push(t.path), { rewrite: '/b', headers: { 'x-one': '1', 'x-both': 'first' } }),
      (t) => (seen.push(t.path), { headers: { 'x-both': 'second' } }),
      (t) => void seen.push(t.path),
    ];
    const end = await runBeforeRoute(steps, target('/a'));
    expect(seen).toEqual(['/a', '/b', '/b']);
    expect(end).toMatchObject({ target: { path: '/b' }, headers: { 'x-one': '1', 'x-both': 'second' } });
  });

  test('the first answer ends the run', async () => {
    const later = jest.fn();
    const answer = { kind: 'redirect' as const, destination: '/new', statusCode: 308, cacheControl: NO_STORE };
    const end = await runBeforeRoute([async () => ({ answer, headers: { 'x-a': '1' } }), later], target('/old'));
    expect(end).toEqual({ answer, headers: { 'x-a': '1' } });
    expect(later).not.toHaveBeenCalled();
  });
});

describe('in the core', () => {
  const About = () => <h1>About</h1>;
  const routes = { '/about': { kind: 'ssr' as const, module: { default: About, getServerSideProps: () => ({ props: {} }) } } };

  test('a rewrite serves another page at the URL asked for; added headers reach the response', async () => {
    const { app } = memoryApp(routes, { options: { beforeRoute: [(t) => (t.path === '/old' ? { rewrite: '/about', headers: { 'x-rewritten': 'yes' } } : undefined)] } });
    const logs = captureLogs();
    try {
      const res = await app.handle(request('/old'), { requestId: 'r' });
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>About</h1>');
      expect(res.headers['x-rewritten']).toBe('yes');
      expect(logs.lines[0]).toMatchObject({ path: '/old', route: '/about' });
    } finally {
      logs.restore();
    }
  });

  test('an answer skips route matching (page data too)', async () => {
    const step: BeforeRouteStep = () => ({ answer: { kind: 'redirect', destination: '/elsewhere', statusCode: 307, cacheControl: NO_STORE } });
    const { app, manifest } = memoryApp(routes, { options: { beforeRoute: [step] } });
    const logs = captureLogs();
    try {
      expect(await app.handle(request('/about'), { requestId: 'r' })).toMatchObject({ status: 307, headers: { location: '/elsewhere' } });
      const data = await app.handle(request(`/_app/data/${manifest.buildId}/about.json`), { requestId: 'r' });
      expect(JSON.parse(data.body as string)).toEqual({ redirect: { destination: '/elsewhere', statusCode: 307 } });
    } finally {
      logs.restore();
    }
  });
});
