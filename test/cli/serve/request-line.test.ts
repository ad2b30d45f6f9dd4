import { isAllowedHost, isValidHost, toOriginForm } from '../../../cli/serve/request-line';

describe('toOriginForm', () => {
  test.each([
    ['/about/?x=1', '/about/?x=1'],
    ['//evil.example/', '//evil.example/'],
    ['http://evil.example/about/?x=1', '/about/?x=1'],
    ['https://evil.example', '/'],
    ['http://evil.example?x=1', '/?x=1'],
  ])('%s → %s', (url, expected) => {
    expect(toOriginForm(url)).toBe(expected);
  });

  test.each(['*', 'evil.example', 'about', ''])('%j has no path: null', (url) => {
    expect(toOriginForm(url)).toBeNull();
  });
});

describe('isValidHost', () => {
  test.each(['localhost', 'localhost:3000', 'www.example.com', '127.0.0.1:80', '[::1]:3000', 'xn--bcher-kva.example'])('%s is a host', (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  test.each(['', 'a b', 'a/b', 'a@b', 'a?b', 'a#b', '[::1', 'x:99999', 'x:1:2', '%00', 'a\\b', '__proto__ x'])('%j is not', (host) => {
    expect(isValidHost(host)).toBe(false);
  });

  test('no Host (HTTP/1.0) is left to the cores', () => {
    expect(isValidHost(undefined)).toBe(true);
  });
});

describe('the names the local server answers for (isAllowedHost)', () => {
  test('loopback names and addresses, any port', () => {
    for (const host of ['localhost', 'localhost:3000', 'LOCALHOST:3000', 'shop.localhost:3000', 'a.b.localhost', '127.0.0.1:3000', '127.1.2.3', '[::1]:3000', undefined]) {
      expect({ host, allowed: isAllowedHost(host, undefined) }).toEqual({ host, allowed: true });
    }
  });

  test('any other name only when STRATUS_ALLOWED_HOSTS lists it (a *.name entry takes its subdomains, not the name itself)', () => {
    for (const host of ['evil.example', 'localhost.evil.example', 'evillocalhost', '10.0.0.5:3000', '[::2]', 'site.example:443']) {
      expect({ host, allowed: isAllowedHost(host, undefined) }).toEqual({ host, allowed: false });
    }
    expect(isAllowedHost('preview.test:3000', 'preview.test, other.test')).toBe(true);
    expect(isAllowedHost('other.test', 'preview.test, other.test')).toBe(true);
    expect(isAllowedHost('a.shop.test', '*.shop.test')).toBe(true);
    expect(isAllowedHost('shop.test', '*.shop.test')).toBe(false);
    expect(isAllowedHost('evilshop.test', '*.shop.test')).toBe(false);
  });
});
