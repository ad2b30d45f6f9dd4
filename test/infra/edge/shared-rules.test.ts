/**
 * The edge function is standalone text (CloudFront Functions load no modules), so it keeps
 * its own copies of the URL layout and of the locale-prefix rule. These tests hold them
 * equal to the shared ones on a corpus.
 */
import { readFileSync } from 'node:fs';
import { APP_PREFIX, IMAGE_PATH, LOCALE_COOKIE } from '../../../contract/urls';
import { isFunctionResponse, loadViewerRequest, viewerRequestSourcePath, type CloudFrontFunctionEvent } from '../../../infra/edge/viewer-request';
import { localizePath, splitLocale } from '../../../web/runtime/shared/locale-prefix';

const settings = { locales: ['en', 'fr', 'de-CH', 'pt-BR'], defaultLocale: 'en' };
const handler = loadViewerRequest({ ...settings, imageFormats: ['image/webp'] });

function request(uri: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}): CloudFrontFunctionEvent {
  const map = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { value: v }]));
  return {
    version: '1.0',
    request: { method: 'GET', uri, querystring: {}, headers: map({ host: 'site.example', ...headers }), cookies: map(cookies) },
  };
}

function locationOf(uri: string, headers?: Record<string, string>, cookies?: Record<string, string>): string | undefined {
  const result = handler(request(uri, headers, cookies));
  return isFunctionResponse(result) ? result.headers?.location?.value : undefined;
}

test('the URL layout constants in the edge text equal the contract', () => {
  const source = readFileSync(viewerRequestSourcePath(), 'utf8');
  const constant = (name: string) => source.match(new RegExp(`var ${name} = '([^']*)';`))?.[1];
  expect(constant('APP_PREFIX')).toBe(APP_PREFIX);
  expect(constant('IMAGE_PATH')).toBe(IMAGE_PATH);
  expect(constant('LOCALE_COOKIE')).toBe(LOCALE_COOKIE);
});

test('locale detection redirects / to the prefix the shared rule builds, and only for a non-default locale', () => {
  for (const locale of settings.locales) {
    const location = locationOf('/', { 'accept-language': `${locale};q=1` });
    if (locale === settings.defaultLocale) expect(location).toBeUndefined();
    else expect(location).toBe(localizePath('/', locale, settings));
  }
  // The cookie of a chosen locale turns detection off.
  expect(locationOf('/', { 'accept-language': 'fr' }, { [LOCALE_COOKIE]: 'en' })).toBeUndefined();
});

test('the trailing-slash redirect keeps the locale and path the shared rule reads', () => {
  const paths = ['/about', '/fr/about', '/de-CH', '/pt-BR/a/b', '/en/x', '/french/y', '/a/fr/b'];
  for (const path of paths) {
    const location = locationOf(`${path}/`);
    expect(location).toBeDefined();
    expect(splitLocale(location!, settings)).toEqual(splitLocale(path, settings));
  }
});
