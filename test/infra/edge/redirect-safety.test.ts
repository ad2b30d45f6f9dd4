/**
 * Every `Location` Stratus builds from a request resolves, under the WHATWG URL parser, to
 * the site's own origin (issue "Hardening", item 1). The corpus: raw and percent-encoded
 * backslashes and slashes, tabs and newlines, `//`, `/%2F`, `/%5C`, `/%09/`, full-width and
 * other look-alike slashes, on every path kind and locale; first enumerated, then
 * generated. It runs through the edge function itself and through the local server
 * (edge function, bucket, render and image functions behind one port).
 */
import path from 'node:path';
import fc from 'fast-check';
import { toEdgeEvent } from '../../../cli/serve/local-origins';
import { isFunctionResponse, loadViewerRequest } from '../../../infra/edge/viewer-request';
import { answerProblems, staysOnSite } from '../../helpers/answer-contract';
import { FIXTURES } from '../../helpers/build-app';
import {
  encodeForTarget, headerArb, PATH_KINDS, queryArb, siteShapeOf, SLASH_LIKE, targetOfKindArb, type PathKind, type SiteShape,
} from '../../helpers/hostile-input';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { checkProperty } from '../../helpers/property';
import { header, sendRaw, type RawRequest } from '../../helpers/raw-http';

const LOCALES = ['en', 'fr', 'de-CH'];
const edge = loadViewerRequest({ locales: LOCALES, defaultLocale: 'en', imageFormats: ['image/avif', 'image/webp'] });

/** A site shape for the edge alone: no build needed. */
const EDGE_SITE: SiteShape = {
  buildId: 'b1', locales: LOCALES, pages: ['/', '/about', '/docs/x'], publicFiles: ['/robots.txt', '/photos/a.jpg'], images: ['/photos/a.jpg'], widths: [16, 32, 64, 640],
};

/** Every slash-like run, between each locale prefix and a host, on each path kind, with and without a trailing slash. */
function enumeratedPaths(site: SiteShape): string[] {
  const prefixes: Record<PathKind, (locale: string) => string> = {
    page: (l) => (l ? `/${l}/` : '/'),
    data: (l) => `/_app/data/${site.buildId}/${l ? `${l}/` : ''}`,
    image: (l) => `/_app/image?w=16&url=${encodeURIComponent(`/${l ? `${l}/` : ''}`)}`,
    public: () => `${site.publicFiles[0]}/`,
    app: () => '/_app/',
  };
  const paths: string[] = [];
  for (const kind of PATH_KINDS) {
    for (const locale of ['', ...site.locales]) {
      for (const slash of SLASH_LIKE) {
        for (const trailing of ['', '/']) {
          const rest = `${slash}evil.example${trailing}`;
          paths.push(kind === 'image' ? prefixes.image(locale) + encodeURIComponent(rest) : prefixes[kind](locale) + rest);
        }
      }
    }
  }
  return paths;
}

/** The edge function's answer to a Node-style request, through the local server's own conversion. */
function edgeLocation(target: string, headers: Record<string, string> = {}, rawQuery = false): string | undefined {
  const event = toEdgeEvent({ method: 'GET', url: target, headers: { host: 'site.example', ...headers } });
  if (rawQuery) {
    const at = target.indexOf('?');
    (event.request as unknown as { rawQueryString: () => string }).rawQueryString = () => (at < 0 ? '' : target.slice(at + 1));
  }
  const result = edge(event);
  return isFunctionResponse(result) ? result.headers?.location?.value : undefined;
}

/** A Location must also be a header value CloudFront and Node send as is: visible ASCII only. */
function isSafeLocation(location: string): boolean {
  return staysOnSite(location) && /^[\x21-\x7e]+$/.test(location);
}

describe('edge function: redirects stay on the site', () => {
  test('the reported case: /\\evil.example/ → /evil.example/ (a backslash is a slash, as browsers read it)', () => {
    expect(edgeLocation('/\\evil.example/')).toBe('/evil.example/');
  });

  test('enumerated corpus: every slash-like run on every path kind and locale', () => {
    const unsafe: string[] = [];
    let redirects = 0;
    for (const target of enumeratedPaths(EDGE_SITE)) {
      for (const rawQuery of [false, true]) {
        const location = edgeLocation(`${target}${target.includes('?') ? '&' : '?'}a=%5C`, {}, rawQuery);
        if (location === undefined) continue;
        redirects++;
        if (!isSafeLocation(location)) unsafe.push(`${JSON.stringify(target)} → ${JSON.stringify(location)}`);
      }
    }
    expect(unsafe).toEqual([]);
    expect(redirects).toBeGreaterThan(500); // the corpus does reach the redirects
  });

  test('the locale redirect on / keeps to the site whatever the query and headers', async () => {
    await checkProperty(
      'edge locale redirect stays on site',
      fc.property(queryArb, fc.array(headerArb, { maxLength: 4 }), fc.boolean(), (query, headers, rawQuery) => {
        const location = edgeLocation(`/?${query}`, { 'accept-language': 'fr', ...Object.fromEntries(headers.map(([n, v]) => [n.toLowerCase(), v])) }, rawQuery);
        return location === undefined || isSafeLocation(location);
      }),
      2000,
    );
  });

  test.each(PATH_KINDS)('generated corpus on %s paths, raw characters included', async (kind) => {
    await checkProperty(
      `edge redirects stay on site (${kind})`,
      fc.property(targetOfKindArb(EDGE_SITE, kind), fc.boolean(), fc.boolean(), (target, encode, rawQuery) => {
        const location = edgeLocation(encode ? encodeForTarget(target) : target, {}, rawQuery);
        return location === undefined || isSafeLocation(location);
      }),
      2000,
    );
  });
});

describe('local server: redirects stay on the site', () => {
  let server: LocalServer;
  let site: SiteShape;
  /** The fixture's own redirect to another origin (pages/redirect-perm.tsx) is the app's choice. */
  const rules = { appRedirects: ['https://example.com/elsewhere'], appErrorPaths: /^\/(?:[a-z]{2}\/)?(?:render-)?throws$/ };

  beforeAll(async () => {
    server = await startLocalServer(path.join(FIXTURES, 'apps', 'basic'));
    site = siteShapeOf(server.manifest);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  /** Sends requests a few at a time and collects the broken answers. */
  async function problemsOf(requests: RawRequest[]): Promise<string[]> {
    const problems: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const response = await sendRaw(server.port, request);
        for (const problem of answerProblems(request, response, rules)) problems.push(`${request.method} ${JSON.stringify(request.target)}: ${problem}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return problems;
  }

  test('the reported case: /\\evil.example/ → /evil.example/ (a backslash is a slash, as browsers read it)', async () => {
    const res = await sendRaw(server.port, { method: 'GET', target: '/\\evil.example/' });
    expect(res.status).toBe(308);
    expect(header(res, 'location')).toBe('/evil.example/');
  });

  test('paths under the default locale spelled out are answered on the site (the page, or the 404), never sent elsewhere', async () => {
    for (const target of ['/en/%5Cevil.example', '/en//evil.example', '/en/%2F%2Fevil.example', '/en/%09/evil.example', '/en/\\evil.example']) {
      const res = await sendRaw(server.port, { method: 'GET', target });
      const location = header(res, 'location');
      expect(location === undefined || staysOnSite(location)).toBe(true);
      expect(res.status).toBeLessThan(500);
    }
  });

  test('enumerated corpus: every slash-like run on every path kind and locale', async () => {
    const targets = enumeratedPaths(site).map(encodeForTarget);
    expect(await problemsOf(targets.map((target) => ({ method: 'GET', target })))).toEqual([]);
    expect(server.alive()).toBe(true);
  });

  test.each(PATH_KINDS)('generated corpus on %s paths', async (kind) => {
    await checkProperty(
      `local server redirects stay on site (${kind})`,
      fc.asyncProperty(targetOfKindArb(site, kind), fc.array(headerArb, { maxLength: 3 }), async (target, headers) => {
        const problems = await problemsOf([{ method: 'GET', target: encodeForTarget(target), headers }]);
        if (problems.length > 0) throw new Error(problems.join('\n'));
      }),
      300,
    );
    expect(server.alive()).toBe(true);
  });
});
