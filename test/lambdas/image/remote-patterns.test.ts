import { isAllowedRemoteUrl, matchRemotePattern } from '../../../lambdas/image/remote-patterns';

const url = (href: string) => new URL(href);

describe('matchRemotePattern', () => {
  it('matches an exact host on any protocol, port and path when only the hostname is given', () => {
    expect(matchRemotePattern({ hostname: 'img.example.com' }, url('http://img.example.com:8080/a/b.jpg'))).toBe(true);
    expect(matchRemotePattern({ hostname: 'img.example.com' }, url('https://example.com/a.jpg'))).toBe(false);
  });

  it('treats * as one label and ** as any number of labels', () => {
    expect(matchRemotePattern({ hostname: '*.example.com' }, url('https://a.example.com/x'))).toBe(true);
    expect(matchRemotePattern({ hostname: '*.example.com' }, url('https://a.b.example.com/x'))).toBe(false);
    expect(matchRemotePattern({ hostname: '**.example.com' }, url('https://a.b.example.com/x'))).toBe(true);
    expect(matchRemotePattern({ hostname: '**.example.com' }, url('https://evilexample.com/x'))).toBe(false);
    expect(matchRemotePattern({ hostname: '*.example.com' }, url('https://a.example.com.evil.org/x'))).toBe(false);
  });

  it('checks protocol, port and path globs', () => {
    const pattern = { protocol: 'https', hostname: 'example.com', port: '', pathname: '/img/*.jpg' } as const;
    expect(matchRemotePattern(pattern, url('https://example.com/img/a.jpg'))).toBe(true);
    expect(matchRemotePattern(pattern, url('https://example.com/img/sub/a.jpg'))).toBe(false);
    expect(matchRemotePattern(pattern, url('http://example.com/img/a.jpg'))).toBe(false);
    expect(matchRemotePattern(pattern, url('https://example.com:444/img/a.jpg'))).toBe(false);
    expect(matchRemotePattern({ hostname: 'example.com', pathname: '/img/**' }, url('https://example.com/img/a/b/c.png'))).toBe(true);
  });

  it('is case-insensitive on hosts and literal on regex characters', () => {
    expect(matchRemotePattern({ hostname: 'IMG.Example.com' }, url('https://img.example.com/a'))).toBe(true);
    expect(matchRemotePattern({ hostname: 'a.b' }, url('https://axb/a'))).toBe(false);
  });

  it('allows when any pattern matches and refuses with none', () => {
    expect(isAllowedRemoteUrl(url('https://b.com/a'), [{ hostname: 'a.com' }, { hostname: 'b.com' }])).toBe(true);
    expect(isAllowedRemoteUrl(url('https://b.com/a'), [])).toBe(false);
  });
});
