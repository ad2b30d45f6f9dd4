/**
 * Page data and the bucket (e2e round 8, repro `data-route-double-decode`): the build writes
 * the data of a page that never goes stale under `/_app/data/<buildId>/<path>.json`, each
 * segment as encodeURIComponent spells it (`p/%252Fmy-post%252F.json` for the slug
 * `%2Fmy-post%2F`), and S3 decodes the request's path once to find a key. The viewer-request
 * function must never let the bucket answer a data request with another key than the one the
 * build wrote for the page the render function reads there (it read `p/%2Fmy-post%2F.json`,
 * the slug `/my-post/`'s data); where the bucket would, the render function answers alone.
 */
import fc from 'fast-check';
import { DATA_PREFIX } from '../../../contract/urls';
import {
  evaluateViewerRequest, isFunctionResponse, viewerRequestCode, type CloudFrontFunctionEvent, type EdgeConfig,
} from '../../../infra/edge/viewer-request';
import { decodeUnreserved } from '../../../lambdas/shared/request-path';
import { checkProperty } from '../../helpers/property';

const PAGES = { buildId: 'b1', bucketOrigin: 'assets', renderOrigin: 'render' };
const CONFIG: EdgeConfig = { locales: ['en', 'fr'], defaultLocale: 'en', imageFormats: ['image/webp'], i18n: true, pages: PAGES };

function event(uri: string, method = 'GET'): CloudFrontFunctionEvent {
  return { version: '1.0', request: { method, uri, querystring: {}, headers: { host: { value: 'site.example' } }, cookies: {} } };
}

/**
 * Where a data request goes: `render` when the function sent it to the render function alone,
 * else the key S3 reads from the path it is sent with (decoded once; null when S3 can't decode it).
 */
function edgeFor(config: EdgeConfig = CONFIG) {
  const run = evaluateViewerRequest(viewerRequestCode(config));
  return (uri: string): { to: 'render' } | { to: 'bucket'; key: string | null; uri: string } => {
    const { result, originId, originGroup } = run(event(uri));
    if (isFunctionResponse(result)) throw new Error(`${uri} answered ${result.statusCode}`);
    expect(originGroup).toBeUndefined(); // the data behaviour's own group (bucket, then the render function) stands, or one origin
    if (originId !== undefined) {
      expect(originId).toBe(PAGES.renderOrigin);
      // The render function reads the path the visitor asked for (encoded unreserved characters written as themselves).
      expect(result.uri).toBe(decodeUnreserved(uri));
      return { to: 'render' };
    }
    let key: string | null;
    try {
      key = decodeURIComponent(result.uri.slice(1));
    } catch {
      key = null;
    }
    return { to: 'bucket', key, uri: result.uri };
  };
}

/** The key the build writes for a slug's data (cli/builder/steps/prerender.ts, contract/urls.ts dataUrl). */
const builtKey = (slug: string, locale = '') => `_app/data/b1${locale}/p/${encodeURIComponent(slug)}.json`;
/** The data URL the client asks for a slug's page (the same spelling). */
const dataUrlOf = (slug: string, locale = '') => `/${builtKey(slug, locale)}`;

describe('page data whose key the bucket reads as built', () => {
  const sentTo = edgeFor();

  test.each(['my-post', 'x(y)', "it's", 'a.b~c_d-e', 'A!*'])('%s: asked of the bucket first, under its own key, the path unchanged', (slug) => {
    expect(sentTo(dataUrlOf(slug))).toEqual({ to: 'bucket', key: builtKey(slug), uri: dataUrlOf(slug) });
    expect(sentTo(dataUrlOf(slug, '/fr'))).toEqual({ to: 'bucket', key: builtKey(slug, '/fr'), uri: dataUrlOf(slug, '/fr') });
  });

  test('the index page and a spelling with encoded unreserved characters too', () => {
    expect(sentTo('/_app/data/b1/index.json')).toEqual({ to: 'bucket', key: '_app/data/b1/index.json', uri: '/_app/data/b1/index.json' });
    expect(sentTo('/_app/data/b1/p/%6Dy-post.json')).toEqual({ to: 'bucket', key: builtKey('my-post'), uri: dataUrlOf('my-post') });
  });
});

describe('page data whose key the bucket would decode once too often', () => {
  const sentTo = edgeFor();

  test('the slug %2Fmy-post%2F: never the bucket, whose decoding reads the slug /my-post/ key', () => {
    // The build wrote both: p/%2Fmy-post%2F.json (slug /my-post/) and p/%252Fmy-post%252F.json (slug %2Fmy-post%2F).
    expect(dataUrlOf('%2Fmy-post%2F')).toBe('/_app/data/b1/p/%252Fmy-post%252F.json');
    expect(sentTo(dataUrlOf('%2Fmy-post%2F'))).toEqual({ to: 'render' });
    // And the slug /my-post/ itself: S3 would read p//my-post/.json, no key of the build's.
    expect(sentTo(dataUrlOf('/my-post/'))).toEqual({ to: 'render' });
    // A spelling one level deeper (the slug %252Fmy-post%252F) would have read the slug %2Fmy-post%2F's data.
    expect(sentTo('/_app/data/b1/p/%25252Fmy-post%25252F.json')).toEqual({ to: 'render' });
  });

  test.each(['商業日語', '50%off', '50%25off', 'a b', 'c+d', 'q?r&s', 'café', '😀'])('%s: the render function, in every locale', (slug) => {
    expect(sentTo(dataUrlOf(slug))).toEqual({ to: 'render' });
    expect(sentTo(dataUrlOf(slug, '/fr'))).toEqual({ to: 'render' });
  });

  test('a raw `+` (which S3 may read as a space) and other raw sub-delimiters: the render function', () => {
    for (const uri of ['/_app/data/b1/p/c+d.json', '/_app/data/b1/p/a$b.json', '/_app/data/b1/p/a;b=c.json', '/_app/data/b1/p/a:b@c.json']) expect({ uri, ...sentTo(uri) }).toEqual({ uri, to: 'render' });
  });

  test('bad escapes name no key: the render function (which answers 400), never S3', () => {
    for (const uri of ['/_app/data/b1/p/bad%zz.json', '/_app/data/b1/p/%.json', '/_app/data/b1/p/%E0%A4%A.json', '/_app/data/b1/p/%C0%AF.json', '/_app/data/b1/p/%ED%A0%80.json']) {
      expect({ uri, ...sentTo(uri) }).toEqual({ uri, to: 'render' });
    }
  });

  test('under a basePath', () => {
    const withBase = edgeFor({ ...CONFIG, basePath: '/base' });
    expect(withBase(`/base${dataUrlOf('50%off')}`)).toEqual({ to: 'render' });
    expect(withBase(`/base${dataUrlOf('my-post')}`)).toEqual({ to: 'bucket', key: `base/${builtKey('my-post')}`, uri: `/base${dataUrlOf('my-post')}` });
  });

  test('without the bucket-first pages (the public folders\' function, a config without them): no origin chosen', () => {
    const run = evaluateViewerRequest(viewerRequestCode({ ...CONFIG, pages: null }));
    const { result, originId, originGroup } = run(event(dataUrlOf('50%off')));
    expect(isFunctionResponse(result)).toBe(false);
    expect(originId).toBeUndefined();
    expect(originGroup).toBeUndefined();
  });

  test('other methods are still 405 at the edge, with no origin chosen', () => {
    const run = evaluateViewerRequest(viewerRequestCode(CONFIG));
    const { result, originId } = run(event(dataUrlOf('50%off'), 'POST'));
    expect(isFunctionResponse(result) && result.statusCode).toBe(405);
    expect(originId).toBeUndefined();
  });
});

test('generated slugs and spellings: the bucket only ever reads the key the build wrote for the page the render function reads there', async () => {
  const sentTo = edgeFor();
  const slug = fc.oneof(
    fc.constantFrom('/my-post/', '%2Fmy-post%2F', '50%off', '商業日語', 'a b', 'c+d', "it's", '(x)', '*', '~', 'a.b', '%25', '%', 'é', '+', '&', '?', '#'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
    fc.string({ unit: fc.constantFrom('%', '2', '5', 'F', 'a', '/', ' ', '+', 'é'), minLength: 1, maxLength: 8 }),
  ).filter((s) => s !== '.' && s !== '..');
  // How a visitor may spell a canonical segment: raw characters percent-encoded (either case), sub-delimiters' escapes raw.
  const spelling = (canonical: string, choices: boolean[]) => {
    let i = 0;
    const next = () => choices[i++ % choices.length] ?? false;
    return canonical
      .replace(/%(2[146789ABC]|3[ABD]|40)/g, (escape, hex: string) => (next() ? String.fromCharCode(parseInt(hex, 16)) : escape))
      .replace(/[A-Za-z0-9\-_.!~*'()]/g, (ch) => (next() ? `%${ch.charCodeAt(0).toString(16)[next() ? 'toUpperCase' : 'toLowerCase']()}` : ch));
  };
  await checkProperty(
    'edge: data read from the bucket is the page\'s own',
    fc.property(fc.array(slug, { minLength: 1, maxLength: 3 }), fc.constantFrom('', '/fr'), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (slugs, locale, choices) => {
      const segments = slugs.map((s) => spelling(encodeURIComponent(s), choices));
      const uri = `${DATA_PREFIX}b1${locale}/${segments.join('/')}.json`;
      const where = sentTo(uri);
      if (where.to === 'render') return;
      // The page the render function reads at this path: each segment decoded, then written as the build writes keys.
      const pagePath = segments.map((s) => encodeURIComponent(decodeURIComponent(s))).join('/');
      expect({ uri, key: where.key }).toEqual({ uri, key: `_app/data/b1${locale}/${pagePath}.json` });
    }),
    1000,
  );
});
