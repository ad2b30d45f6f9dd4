/** What `npm run compat:external` asks of an outside app: routes from pages/, paths from its config. */
import fc from 'fast-check';
import path from 'node:path';
import { discoverRoutes, planRequests, sourcePath, type AppFacts } from '../../../compat/external/plan';

const APP = path.resolve(__dirname, '../../fixtures/outside-app');
const facts = (over: Partial<AppFacts> = {}): AppFacts => ({ basePath: '', locales: [], prerendered: [], ruleSources: [], dynamicWithoutData: [], ...over });

describe('discoverRoutes', () => {
  it('finds pages, dynamic pages and API routes as the pages router does, without special pages', () => {
    expect(discoverRoutes(APP)).toEqual([
      { pattern: '/about', api: false, dynamic: false },
      { pattern: '/api/hello', api: true, dynamic: false },
      { pattern: '/', api: false, dynamic: false },
      { pattern: '/posts/[id]', api: false, dynamic: true },
    ]);
  });
});

describe('sourcePath', () => {
  it('fills the parameters of a rule source with sample values', () => {
    expect(sourcePath('/old-about')).toBe('/old-about');
    expect(sourcePath('/blog/:slug')).toBe('/blog/x');
    expect(sourcePath('/docs/:path*')).toBe('/docs/a/b');
    expect(sourcePath('/:locale/to-sv')).toBe('/x/to-sv');
    expect(sourcePath('/team/:id(\\d+)')).toBe('/team/x');
  });

  it('gives up on free regular expressions rather than guess', () => {
    expect(sourcePath('/:path(.*)')).toBe('/x');
    expect(sourcePath('/(.*)')).toBeUndefined();
  });

  it('gives a path with no parameter left, or nothing', () => {
    const segment = fc.stringMatching(/^(:?[a-z]{1,6}[*+?]?)$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const result = sourcePath(`/${segments.join('/')}`);
        return result === undefined || (result.startsWith('/') && !result.includes(':'));
      }),
    );
  });
});

describe('planRequests', () => {
  const routes = discoverRoutes(APP);

  it('asks for each route, with the paths a build prerendered for dynamic ones, a missing page, rule sources and a trailing slash', () => {
    const names = planRequests(routes, facts({ prerendered: ['/posts/first', '/posts/second', '/'], ruleSources: ['/old-about'] })).map((c) => c.name);
    expect(names).toEqual(['GET /about', 'GET /api/hello', 'GET /', 'GET /posts/first', 'GET /posts/second', 'GET /stratus-compat-missing-page', 'GET /old-about', 'GET /about/']);
  });

  it('reads the body of API routes only', () => {
    const checks = planRequests(routes, facts());
    expect(checks.filter((c) => c.read?.includes('body')).map((c) => c.path)).toEqual(['/api/hello']);
  });

  it('puts paths under basePath, and adds locales with the default one marked', () => {
    const names = planRequests(routes, facts({ basePath: '/docs', locales: ['en', 'fr'], defaultLocale: 'en' })).map((c) => c.name);
    expect(names).toContain('GET /docs');
    expect(names).toContain('GET /docs/fr/about');
    expect(names).toContain('GET /docs/en (default locale)');
    expect(names.every((n) => n.startsWith('GET /docs'))).toBe(true);
  });

  it('marks dynamic pages without data function, whose difference is deliberate', () => {
    const names = planRequests(routes, facts({ dynamicWithoutData: ['/posts/[id]'] })).map((c) => c.name);
    expect(names).toContain('GET /posts/test (dynamic, no data function)');
  });

  it('never asks for more than the limit', () => {
    expect(planRequests(routes, facts({ ruleSources: Array.from({ length: 50 }, (_, i) => `/r${i}`) }), 12)).toHaveLength(12);
  });
});
