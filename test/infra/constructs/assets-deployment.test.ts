import { DEFAULT_CACHE_CONTROL, planUploads } from '../../../infra/constructs/assets-deployment';

describe('planUploads', () => {
  test('first matching prefix wins: broader prefixes exclude the narrower ones listed before them', () => {
    expect(
      planUploads([
        { prefix: '_app/static/', cacheControl: 'immutable' },
        { prefix: '_app/', cacheControl: 'app' },
        { prefix: '', cacheControl: 'rest' },
      ]),
    ).toEqual([
      { prefix: '_app/static/', cacheControl: 'immutable', exclude: [] },
      { prefix: '_app/', cacheControl: 'app', exclude: ['static/*'] },
      { prefix: '', cacheControl: 'rest', exclude: ['_app/static/*', '_app/*'] },
    ]);
  });

  test('files outside every prefix still ship, revalidating', () => {
    expect(planUploads([{ prefix: '_app/static/', cacheControl: 'immutable' }]).at(-1)).toEqual({
      prefix: '',
      cacheControl: DEFAULT_CACHE_CONTROL,
      exclude: ['_app/static/*'],
    });
  });

  test('prefixes must be folders', () => {
    expect(() => planUploads([{ prefix: '_app/static', cacheControl: 'x' }])).toThrow(/ending in "\/"/);
  });
});
