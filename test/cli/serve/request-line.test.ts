import { isValidHost, toOriginForm } from '../../../cli/serve/request-line';

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
