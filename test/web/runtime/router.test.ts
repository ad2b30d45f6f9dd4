/**
 * `Router.ready(callback)` of `stratus/router` (and `next/router`): never on the server, and
 * in the browser once the router exists (at once after that), as the pages router's singleton
 * queues it. A page module calling it at its top level must not stop the build.
 */
import Router, { setCurrentRouter, type StratusRouter } from '../../../web/runtime/router';

const router = { pathname: '/', route: '/', query: {}, asPath: '/', isReady: true } as unknown as StratusRouter;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  setCurrentRouter(null);
  delete (globalThis as { window?: unknown }).window;
});

test('on the server the callback never runs, even during a render (whose router lasts that render)', async () => {
  const calls: string[] = [];
  setCurrentRouter(router);
  Router.ready(() => calls.push('ready'));
  await tick(30);
  expect(calls).toEqual([]);
});

test('in the browser it waits for the router, then runs once; after that at once', async () => {
  (globalThis as { window?: unknown }).window = globalThis;
  const calls: string[] = [];
  Router.ready(() => calls.push('first'));
  await tick(30);
  expect(calls).toEqual([]);
  setCurrentRouter(router);
  await tick(30);
  expect(calls).toEqual(['first']);
  Router.ready(() => calls.push('second'));
  expect(calls).toEqual(['first', 'second']);
  await tick(30);
  expect(calls).toEqual(['first', 'second']);
});

test("a function assigned to Router.onRouteChangeStart (and the other on<Event> fields) hears its event, as the pages router's singleton calls them (NProgress's old recipe)", () => {
  const heard: unknown[][] = [];
  Router.onRouteChangeStart = (url: string) => heard.push(['start', url]);
  Router.onBeforeHistoryChange = (url: string) => heard.push(['history', url]);
  Router.onRouteChangeComplete = (url: string, options: unknown) => heard.push(['complete', url, options]);
  Router.onHashChangeComplete = (url: string) => heard.push(['hash', url]);
  try {
    Router.events.emit('routeChangeStart', '/b', { shallow: false });
    Router.events.emit('beforeHistoryChange', '/b', { shallow: false });
    Router.events.emit('routeChangeComplete', '/b', { shallow: false });
    Router.events.emit('hashChangeComplete', '/b#x', { shallow: false });
    Router.events.emit('routeChangeError', new Error('x'), '/c', { shallow: false });
    expect(heard).toEqual([['start', '/b'], ['history', '/b'], ['complete', '/b', { shallow: false }], ['hash', '/b#x']]);
  } finally {
    Router.onRouteChangeStart = Router.onBeforeHistoryChange = Router.onRouteChangeComplete = Router.onHashChangeComplete = undefined;
  }
});
