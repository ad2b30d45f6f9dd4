/** If-None-Match against an ETag, as the render function, the image function and the local server all read it. */
import fc from 'fast-check';
import { matchesIfNoneMatch } from '../../../lambdas/shared/etag';
import { checkProperty } from '../../helpers/property';

test('a listed tag matches, weak or strong, anywhere in the list; * matches anything', () => {
  expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
  expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
  expect(matchesIfNoneMatch('"x" , W/"a"', '"a"')).toBe(true);
  expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
  expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
  expect(matchesIfNoneMatch('"a', '"a"')).toBe(false);
  expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  expect(matchesIfNoneMatch('*', '')).toBe(false);
});

test('a list matches exactly when one of its tags, W/ taken off, is the ETag', async () => {
  const tag = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/).map((t) => `"${t}"`);
  await checkProperty(
    'If-None-Match lists',
    fc.property(fc.array(fc.tuple(tag, fc.boolean()), { minLength: 1, maxLength: 5 }), tag, (listed, etag) => {
      const header = listed.map(([t, weak]) => (weak ? `W/${t}` : t)).join(', ');
      expect(matchesIfNoneMatch(header, etag)).toBe(listed.some(([t]) => t === etag));
    }),
    500,
  );
});
