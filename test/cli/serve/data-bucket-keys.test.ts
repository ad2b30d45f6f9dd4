/**
 * Page data of slugs with escaped characters, over HTTP through the local server (the edge
 * function, the bucket as S3 reads it, the render function): e2e round 8, repro
 * `data-route-double-decode`. The build writes `p/%2Fmy-post%2F.json` (slug `/my-post/`) and
 * `p/%252Fmy-post%252F.json` (slug `%2Fmy-post%2F`); S3 decodes a path once, so the second
 * slug's data URL used to read the first slug's object. Every slug's data is its own, from
 * the bucket or the render function, for pages that never go stale (their data is in the
 * bucket), pages that revalidate (it is not) and fallback pages; hostile data paths get a 4xx
 * (or the tidy path's redirect), never a 5xx.
 */
import fc from 'fast-check';
import { fragmentArb } from '../../helpers/hostile-input';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { checkProperty } from '../../helpers/property';
import { sendRaw, type RawResponse } from '../../helpers/raw-http';
import { tempApp } from '../../helpers/temp-app';

/** Slugs whose data keys the bucket's one decoding would miss or mistake, a sibling it would read instead, and plain ones. */
const SLUGS = ['/my-post/', '%2Fmy-post%2F', '50%off', '50%25off', '商業日語', 'a b', 'c+d', 'q?r&s', 'my-post', 'x(y)', "it's"];

const page = (revalidate: string) => `
export const getStaticPaths = () => ({ paths: ${JSON.stringify(SLUGS)}.map((slug) => ({ params: { slug } })), fallback: 'blocking' });
export const getStaticProps = ({ params }: { params: { slug: string } }) => ({ props: { slug: params.slug }, revalidate: ${revalidate} });
export default function Page({ slug }: { slug: string }) { return <p id="slug">{slug}</p>; }
`;

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer(
    tempApp({
      'pages/p/[slug].tsx': page('false'),
      'pages/isr/[slug].tsx': page('60'),
    }),
  );
}, 120_000);
afterAll(() => server?.stop());

const get = (target: string): Promise<RawResponse> => sendRaw(server.port, { method: 'GET', target, headers: [['Accept-Encoding', 'identity']] });
const dataUrl = (route: string, slug: string) => `/_app/data/${server.manifest.buildId}/${route}/${encodeURIComponent(slug)}.json`;
const slugOf = (answer: RawResponse) => (JSON.parse(answer.body.toString()) as { pageProps: { slug: string } }).pageProps.slug;

test.each(['p', 'isr'])("each prerendered slug's data is its own (%s: data that never goes stale is in the bucket, revalidating data is not)", async (route) => {
  for (const slug of SLUGS) {
    const answer = await get(dataUrl(route, slug));
    expect({ slug, status: answer.status, answered: answer.status === 200 ? slugOf(answer) : answer.body.toString() }).toEqual({ slug, status: 200, answered: slug });
  }
});

test('the slug %2Fmy-post%2F gets its own data, not the slug /my-post/ (whose key its once-decoded path names)', async () => {
  const answer = await get(`/_app/data/${server.manifest.buildId}/p/%252Fmy-post%252F.json`);
  expect(answer.status).toBe(200);
  expect(slugOf(answer)).toBe('%2Fmy-post%2F');
});

test('a slug one encoding deeper than a prerendered one is its own fallback page, not the prerendered one', async () => {
  // The slug %252Fmy-post%252F (not prerendered): its path, decoded once, is the slug %2Fmy-post%2F's key.
  const answer = await get(`/_app/data/${server.manifest.buildId}/p/%25252Fmy-post%25252F.json`);
  expect(answer.status).toBe(200);
  expect(slugOf(answer)).toBe('%252Fmy-post%252F');
  for (const slug of ['new one', '新しい', '10%', '%41']) {
    const fresh = await get(dataUrl('p', slug));
    expect({ slug, answered: slugOf(fresh) }).toEqual({ slug, answered: slug });
  }
});

test('data the bucket reads under its own key is still answered from the bucket', async () => {
  for (const slug of ['my-post', 'x(y)', "it's"]) {
    const target = dataUrl('p', slug);
    const answer = await get(target);
    expect(answer.status).toBe(200);
    // The render function logs every request it answers (path included); the bucket's copy never reaches it.
    expect({ target, logged: server.output().includes(`"path":"${target}"`) }).toEqual({ target, logged: false });
  }
});

test('hostile data paths get a 4xx (or the tidy path\'s redirect), never a 5xx', async () => {
  const base = `/_app/data/${server.manifest.buildId}/p/`;
  // Bad escapes, overlong UTF-8, a lone surrogate: no key, no page path.
  for (const rest of ['bad%zz.json', '%.json', '%E0%A4%A.json', '%C0%AF.json', '%ED%A0%80.json']) {
    const answer = await get(base + rest);
    expect({ rest, status: answer.status, client: answer.status >= 400 && answer.status < 500 }).toEqual({ rest, status: answer.status, client: true });
  }
  // A slug of 3,000 `%`, or a NUL, is a slug the fallback page renders; neither is a key the build wrote.
  for (const rest of [`${'%25'.repeat(3000)}.json`, '%00.json']) expect((await get(base + rest)).status).toBeLessThan(500);
  await checkProperty(
    'local server: hostile data paths answer below 500',
    fc.asyncProperty(fc.array(fragmentArb, { minLength: 1, maxLength: 4 }), async (fragments) => {
      // As a request target can carry it: what is not printable ASCII percent-encoded.
      const rest = fragments.join('').replace(/[^\x21-\x7e]/gu, (ch) => (/^[\ud800-\udfff]$/.test(ch) ? '%EF%BF%BD' : encodeURIComponent(ch))).replace(/[?#]/g, encodeURIComponent);
      const answer = await get(`${base}${rest}.json`);
      if (answer.status >= 500) throw new Error(`${base}${rest}.json answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
    }),
    60,
  );
  expect(server.alive()).toBe(true);
});
