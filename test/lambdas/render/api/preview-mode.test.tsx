/**
 * Preview Mode, the pages router's older draft mode: `res.setPreviewData(data)` turns draft
 * mode on with data that getStaticProps gets as `previewData` (and `preview: true`), signed so
 * a visitor cannot forge it; `res.clearPreviewData()` turns it off.
 */
import { BufferedResponse } from '../../../../lambdas/render/api/api-response';
import { createDraftMode } from '../../../../lambdas/render/api/draft-mode';
import type { PageModule } from '../../../../web/runtime/shared/page-types';
import { api, memoryApp, request } from '../memory-app';

const context = { requestId: 'req-1' };

const Post = ({ state }: { state: string }) => <p id="state">{state}</p>;
const post = {
  default: Post,
  getStaticProps: async (ctx: { preview?: boolean; previewData?: { slug?: string } }) => ({ props: { state: ctx.preview ? `preview of ${ctx.previewData?.slug}` : 'published' } }),
} as unknown as PageModule;

const { app } = memoryApp(
  {
    '/post': { kind: 'ssg', fallback: 'blocking', module: post },
    '/api/preview': api((_req, res) => res.setPreviewData({ slug: 'hello' }).end()),
    '/api/exit': api((_req, res) => res.clearPreviewData().end()),
  },
  { options: { draft: createDraftMode(async () => 'test secret') } },
);

const state = async (cookie?: string) => String((await app.handle(request('/post', cookie ? { headers: { cookie } } : {}), context)).body).match(/<p id="state">([^<]*)<\/p>/)?.[1];
const pairs = (cookies: string[] | undefined) => (cookies ?? []).map((c) => c.split(';')[0]!);

test('getStaticProps gets preview: true and the data for a visitor who entered Preview Mode; others get the published page', async () => {
  expect(await state()).toBe('published');
  const entered = await app.handle(request('/api/preview'), context);
  expect(entered.status).toBe(200);
  const cookies = pairs(entered.cookies);
  expect(cookies).toEqual([expect.stringMatching(/^__stratus_draft=/), expect.stringMatching(/^__stratus_preview_data=/)]);
  expect(await state(cookies.join('; '))).toBe('preview of hello');
  expect(await state()).toBe('published');
});

test('data a visitor changed is not taken (the draft alone still is); leaving clears both cookies', async () => {
  const cookies = pairs((await app.handle(request('/api/preview'), context)).cookies);
  const forged = cookies[1]!.replace(/=([^.]*)\./, `=${Buffer.from(JSON.stringify({ slug: 'forged' })).toString('base64url')}.`);
  expect(await state(`${cookies[0]}; ${forged}`)).toBe('published');
  const left = await app.handle(request('/api/exit'), context);
  expect(left.cookies).toEqual([expect.stringMatching(/^__stratus_draft=; .*Expires=Thu, 01 Jan 1970/), expect.stringMatching(/^__stratus_preview_data=; .*Expires=Thu, 01 Jan 1970/)]);
});

test('more than 2 KB of data is refused, saying what to do', () => {
  const res = new BufferedResponse();
  expect(() => res.setPreviewData({ body: 'x'.repeat(3000) })).toThrow(/at most 2048\. Keep an id in it/);
});

test('getServerSideProps is told too: draftMode for a draft visitor, preview and previewData in Preview Mode; others are not', async () => {
  const Live = ({ state }: { state: string }) => <p id="state">{state}</p>;
  const live = {
    default: Live,
    getServerSideProps: async (ctx: { draftMode?: boolean; preview?: boolean; previewData?: { slug?: string } }) => ({ props: { state: `${ctx.draftMode === true ? 'draft' : 'published'}${ctx.preview ? ` preview of ${ctx.previewData?.slug}` : ''}` } }),
  } as unknown as PageModule;
  const { app: server } = memoryApp(
    {
      '/live': { kind: 'ssr', module: live },
      '/api/preview': api((_req, res) => res.setPreviewData({ slug: 'live' }).end()),
      '/api/draft': api((_req, res) => res.setDraftMode({ enable: true }).end()),
    },
    { options: { draft: createDraftMode(async () => 'test secret') } },
  );
  const shown = async (cookie?: string) => String((await server.handle(request('/live', cookie ? { headers: { cookie } } : {}), context)).body).match(/<p id="state">([^<]*)<\/p>/)?.[1];
  expect(await shown()).toBe('published');
  expect(await shown('other=1')).toBe('published');
  expect(await shown(pairs((await server.handle(request('/api/draft'), context)).cookies).join('; '))).toBe('draft');
  expect(await shown(pairs((await server.handle(request('/api/preview'), context)).cookies).join('; '))).toBe('draft preview of live');
});
