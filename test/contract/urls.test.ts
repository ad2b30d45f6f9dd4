import { assetKey, dataUrl, parseDataUrl } from '../../contract/urls';

describe('page-data URLs', () => {
  test('dataUrl: /index.json for /, the locale prefix before the path', () => {
    expect(dataUrl('b1', '', '/')).toBe('/_app/data/b1/index.json');
    expect(dataUrl('b1', '/fr', '/')).toBe('/_app/data/b1/fr/index.json');
    expect(dataUrl('b1', '', '/posts/a')).toBe('/_app/data/b1/posts/a.json');
    expect(dataUrl('b1', '/fr', '/posts/a/')).toBe('/_app/data/b1/fr/posts/a.json');
  });

  test('parseDataUrl undoes dataUrl', () => {
    for (const [prefix, page] of [['', '/'], ['/fr', '/'], ['', '/a/b'], ['/de-CH', '/x'], ['', '/docs/index']] as const) {
      const parsed = parseDataUrl(dataUrl('build-1', prefix, page));
      expect(parsed).toEqual({ buildId: 'build-1', pagePath: (prefix + (page === '/' ? '' : page.replace(/\/index$/, ''))) || '/' });
    }
  });

  test('anything else is not a data URL', () => {
    for (const path of ['/_app/data/', '/_app/data/b1', '/_app/data/b1.json', '/_app/data//x.json', '/_app/static/x.json', '/posts/a.json']) {
      expect(parseDataUrl(path)).toBeNull();
    }
  });
});

test('assetKey drops the leading slashes of a URL path', () => {
  expect(assetKey('/_app/static/')).toBe('_app/static/');
  expect(assetKey('//x')).toBe('x');
});
