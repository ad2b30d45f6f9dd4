/** The one reading of a request's path: tidy spellings redirected, the rest served under one canonical spelling. */
import fc from 'fast-check';
import { locationQuery, readPath, tidyPath } from '../../../lambdas/shared/request-path';
import { splitPath } from '../../../web/runtime/shared/route-match';
import { checkProperty } from '../../helpers/property';

test('a path already canonical is read as it is', () => {
  for (const path of ['/', '/members', '/fr/posts/a-b_c~d', '/@ada', '/tags/c++', "/a!$&'()*+,;=:@b", '/files/v1.2/', '/x%20y', '/caf%C3%A9', '/a%2Fb']) {
    expect(readPath(path)).toEqual({ kind: 'canonical', path });
  }
});

test('percent-encoding is read as its characters: unreserved ones decoded, the rest in upper-case hex', () => {
  expect(readPath('/%6Dembers')).toEqual({ kind: 'canonical', path: '/members' });
  expect(readPath('/%66r/adm%69n')).toEqual({ kind: 'canonical', path: '/fr/admin' });
  expect(readPath('/caf%c3%a9')).toEqual({ kind: 'canonical', path: '/caf%C3%A9' });
  expect(readPath('/caf\u00e9')).toEqual({ kind: 'canonical', path: '/caf%C3%A9' });
  expect(readPath('/tags/c%2B%2b')).toEqual({ kind: 'canonical', path: '/tags/c++' });
  expect(readPath('/x y')).toEqual({ kind: 'canonical', path: '/x%20y' });
  expect(readPath('/[id]')).toEqual({ kind: 'canonical', path: '/%5Bid%5D' });
  // An encoded slash or backslash is a character of its segment, never a separator.
  expect(readPath('/a%2fb')).toEqual({ kind: 'canonical', path: '/a%2Fb' });
  expect(readPath('/a%5Cb')).toEqual({ kind: 'canonical', path: '/a%5Cb' });
});

test('repeated slashes, backslashes and dot segments are redirected to the tidy path', () => {
  expect(readPath('//members')).toEqual({ kind: 'redirect', path: '/members' });
  expect(readPath('/fr//members/')).toEqual({ kind: 'redirect', path: '/fr/members/' });
  expect(readPath('/\\evil.example')).toEqual({ kind: 'redirect', path: '/evil.example' });
  expect(readPath('///evil.example/%2F')).toEqual({ kind: 'redirect', path: '/evil.example/%2F' });
  expect(readPath('/a/./b/../c')).toEqual({ kind: 'redirect', path: '/a/c' });
  expect(readPath('/a/%2E%2e/b')).toEqual({ kind: 'redirect', path: '/b' });
  expect(readPath('/a/b/..')).toEqual({ kind: 'redirect', path: '/a/' });
  expect(readPath('/..')).toEqual({ kind: 'redirect', path: '/' });
  expect(readPath('/a b//c')).toEqual({ kind: 'redirect', path: '/a%20b/c' });
  // Not dot segments: names that merely start with a dot.
  expect(readPath('/.well-known/x')).toEqual({ kind: 'canonical', path: '/.well-known/x' });
  expect(readPath('/a/...')).toEqual({ kind: 'canonical', path: '/a/...' });
  expect(tidyPath('/members')).toBeUndefined();
});

test('bad percent-encoding, and anything but a path, is malformed', () => {
  for (const path of ['/%', '/a%2', '/%zz', '/%E0%A4%A', '/%C3', 'members', '', '*', '/\ud800']) expect(readPath(path)).toEqual({ kind: 'malformed' });
});

test('a Location query carries only what a header may', () => {
  expect(locationQuery('')).toBe('');
  expect(locationQuery('a=1&b=%2F')).toBe('?a=1&b=%2F');
  expect(locationQuery('q=caf\u00e9 x\r\n')).toBe('?q=caf%C3%A9%20x%0D%0A');
});

const pieceArb = fc.oneof(
  fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2E', '%', '%2F', '%2f', '%5C', '%41', '%c3%a9', 'é', ' ', '?', '#', '[', '@', '+', 'fr', 'admin'),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
);
const rawPathArb = fc.array(pieceArb, { maxLength: 10 }).map((pieces) => '/' + pieces.join(''));

test('generated paths: never throws; canonical spellings are fixed points that split into the same segments; redirects land on tidy paths', async () => {
  await checkProperty(
    'readPath over generated paths',
    fc.property(rawPathArb, (raw) => {
      const reading = readPath(raw);
      if (reading.kind === 'malformed') return;
      if (reading.kind === 'redirect') {
        expect(reading.path).toMatch(/^\/(?!\/)/);
        expect(/[^\x21-\x7e]/.test(reading.path)).toBe(false);
        expect(tidyPath(reading.path)).toBeUndefined();
        return;
      }
      expect(readPath(reading.path)).toEqual({ kind: 'canonical', path: reading.path });
      // The route table reads the same segments from either spelling.
      expect(splitPath(reading.path)).toEqual(splitPath(raw));
    }),
    5000,
  );
});
