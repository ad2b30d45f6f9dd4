import { parseImageParams } from '../../../lambdas/image/params';
import { resolveConfig } from '../../../contract/config-schema';
import type { ImageConfig } from '../../../contract/config';
import { isHttpError } from '../../../lambdas/shared/http-error';

const config = resolveConfig({
  images: { remotePatterns: [{ protocol: 'https', hostname: '**.example.com', port: '', pathname: '/images/**' }], qualities: [1, 75, 100] },
}).images;

function parse(query: string) {
  return parseImageParams(new URLSearchParams(query), config);
}

function errorOf(query: string): { status: number; message: string } {
  try {
    parse(query);
  } catch (error) {
    if (isHttpError(error)) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe('parseImageParams', () => {
  it('accepts a site path with an allowed width and defaults q to the configured quality', () => {
    expect(parse('url=%2Fphotos%2Fa.jpg&w=640')).toEqual({ url: '/photos/a.jpg', isAbsolute: false, width: 640, quality: 75 });
  });

  it('gives a site path as the URL parser reads it: one leading slash, unsafe characters encoded', () => {
    expect(parse('url=/.//evil.example/a.jpg&w=640').url).toBe('/evil.example/a.jpg');
    expect(parse('url=/photos/a b.jpg&w=640').url).toBe('/photos/a%20b.jpg');
    expect(parse('url=/photos/a%250A.jpg&w=640').url).toBe('/photos/a%0A.jpg');
    expect(parse('url=/photos/a%0A.jpg&w=640').url).toBe('/photos/a.jpg'); // a raw newline is dropped, as browsers do
  });

  it('accepts image sizes as widths and an explicit quality', () => {
    expect(parse('url=/a.png&w=16&q=100')).toMatchObject({ width: 16, quality: 100 });
    expect(parse('url=/a.png&w=3840&q=1')).toMatchObject({ width: 3840, quality: 1 });
  });

  it('accepts an absolute URL that matches a remote pattern', () => {
    expect(parse('url=https://cdn.example.com/images/a.jpg&w=640')).toMatchObject({
      url: 'https://cdn.example.com/images/a.jpg',
      isAbsolute: true,
    });
  });

  it.each([
    ['w=640', '"url" parameter is required'],
    ['url=&w=640', '"url" parameter is required'],
    ['url=/a.jpg&url=/b.jpg&w=640', '"url" parameter cannot be an array'],
    ['url=//evil.example.com/a.jpg&w=640', '"url" parameter cannot be a protocol-relative URL (//)'],
    ['url=%2F%5Cevil.example%2Fa.jpg&w=640', '"url" parameter cannot be a protocol-relative URL (//)'],
    ['url=%2F%09%2Fevil.example%2Fa.jpg&w=640', '"url" parameter cannot be a protocol-relative URL (//)'],
    ['url=%2F%0A%2Fevil.example%2Fa.jpg&w=640', '"url" parameter cannot be a protocol-relative URL (//)'],
    ['url=/_app/image?url=/a.jpg&w=640', '"url" parameter cannot be recursive'],
    ['url=/.//_app/image&w=640', '"url" parameter cannot be recursive'],
    ['url=%2F_app%2Fimage%3Furl%3D%252Fa.jpg%26w%3D640&w=640', '"url" parameter cannot be recursive'],
    ['url=https://cdn.example.com/_app/image?url=/a.jpg&w=640', '"url" parameter cannot be recursive'],
    ['url=https://evil.com/images/a.jpg&w=640', '"url" parameter is not allowed'],
    ['url=https://cdn.example.com/other/a.jpg&w=640', '"url" parameter is not allowed'],
    ['url=http://cdn.example.com/images/a.jpg&w=640', '"url" parameter is not allowed'],
    ['url=https://cdn.example.com:8443/images/a.jpg&w=640', '"url" parameter is not allowed'],
    ['url=ftp://cdn.example.com/images/a.jpg&w=640', '"url" parameter is invalid'],
    ['url=http://[::1&w=640', '"url" parameter is invalid'],
    ['url=a.jpg&w=640', '"url" parameter is invalid'],
    ['url=/%E0%A4%A&w=640', '"url" parameter is invalid'],
    ['url=/a.jpg', '"w" parameter (width) is required'],
    ['url=/a.jpg&w=640&w=750', '"w" parameter (width) cannot be an array'],
    ['url=/a.jpg&w=abc', '"w" parameter (width) must be an integer greater than 0'],
    ['url=/a.jpg&w=0', '"w" parameter (width) must be an integer greater than 0'],
    ['url=/a.jpg&w=-640', '"w" parameter (width) must be an integer greater than 0'],
    ['url=/a.jpg&w=640.5', '"w" parameter (width) must be an integer greater than 0'],
    ['url=/a.jpg&w=99', '"w" parameter (width) of 99 is not allowed'],
    ['url=/a.jpg&w=640&q=75&q=80', '"q" parameter (quality) cannot be an array'],
    ['url=/a.jpg&w=640&q=0', '"q" parameter (quality) must be an integer between 1 and 100'],
    ['url=/a.jpg&w=640&q=101', '"q" parameter (quality) must be an integer between 1 and 100'],
    ['url=/a.jpg&w=640&q=7.5', '"q" parameter (quality) must be an integer between 1 and 100'],
    ['url=/a.jpg&w=640&q=', '"q" parameter (quality) must be an integer between 1 and 100'],
  ])('%s → 400 %s', (query, message) => {
    expect(errorOf(query)).toEqual({ status: 400, message });
  });
});

describe('images.qualities (Next 16\'s allowlist)', () => {
  const refusal = (query: string, images: ImageConfig = {}) => {
    try {
      parseImageParams(new URLSearchParams(query), resolveConfig({ images }).images);
    } catch (error) {
      if (isHttpError(error)) return `${error.statusCode} ${error.message}`;
      throw error;
    }
    return 'answered';
  };

  it('answers the default quality alone when the app lists none, as Next 16 does', () => {
    expect(refusal('url=/a.jpg&w=640&q=75')).toBe('answered');
    expect(refusal('url=/a.jpg&w=640')).toBe('answered');
    expect(refusal('url=/a.jpg&w=640&q=50')).toBe('400 "q" parameter (quality) of 50 is not allowed');
    expect(refusal('url=/a.jpg&w=640&q=76')).toBe('400 "q" parameter (quality) of 76 is not allowed');
  });

  it('answers every listed quality and no other; without a quality of its own the default is the listed one closest to 75', () => {
    const images = { qualities: [90, 50] };
    expect(refusal('url=/a.jpg&w=640&q=50', images)).toBe('answered');
    expect(refusal('url=/a.jpg&w=640&q=90', images)).toBe('answered');
    expect(refusal('url=/a.jpg&w=640&q=75', images)).toBe('400 "q" parameter (quality) of 75 is not allowed');
    expect(resolveConfig({ images }).images).toMatchObject({ qualities: [50, 90], quality: 90 });
  });

  it('says how to fix a config whose quality the list leaves out, or whose list is not one', () => {
    expect(() => resolveConfig({ images: { quality: 80, qualities: [75] } })).toThrow('images.quality 80 is not in images.qualities [75]: add it to the list, or leave images.quality out.');
    expect(() => resolveConfig({ images: { qualities: [] } })).toThrow('images.qualities must be a non-empty list of whole numbers from 1 to 100, got [].');
    expect(() => resolveConfig({ images: { qualities: [75, 101] } })).toThrow('images.qualities must be a non-empty list of whole numbers from 1 to 100, got [75,101].');
  });

  it('a manifest written before the list existed answers any quality, as then', () => {
    const { qualities: _left, ...before } = resolveConfig().images;
    expect(parseImageParams(new URLSearchParams('url=/a.jpg&w=640&q=50'), before as typeof config)).toMatchObject({ quality: 50 });
  });
});

