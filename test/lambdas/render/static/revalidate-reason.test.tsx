/**
 * getStaticProps' `revalidateReason`, as the pages router gives it: 'build' when the page is
 * prerendered, 'stale' when a request finds it past its revalidate time, 'on-demand' after
 * `res.revalidate()`.
 */
import { createRenderApp } from '../../../../lambdas/render/core/render-core';
import { PageStore } from '../../../../lambdas/render/static/page-store';
import { apisOf, manifestOf, pagesOf, request, type RouteSpec } from '../memory-app';

const routes: Record<string, RouteSpec> = {
  '/reason': {
    kind: 'ssg',
    module: {
      default: ({ reason }: { reason: string }) => <p id="reason">{reason}</p>,
      getStaticProps: (ctx: { revalidateReason?: string }) => ({ props: { reason: String(ctx.revalidateReason) }, revalidate: 10 }),
    },
  },
};

test("'build' when prerendered, 'stale' past its revalidate time, 'on-demand' after res.revalidate()", async () => {
  let now = 1_000_000;
  const store = new PageStore({ now: () => now });
  const app = createRenderApp({ pages: pagesOf(routes), apis: apisOf(routes), errorPages: {} }, manifestOf(routes), store);
  const shown = async () => String((await app.handle(request('/reason'), { requestId: 'r' })).body).match(/<p id="reason">([\w-]+)<\/p>/)?.[1];
  await app.prerender('/reason', '/reason', 'en');
  expect(await shown()).toBe('build');
  now += 11_000;
  // The stale copy answers this request; the regeneration it started answers the next.
  await shown();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await shown()).toBe('stale');
  await app.revalidate('/reason');
  expect(await shown()).toBe('on-demand');
});
