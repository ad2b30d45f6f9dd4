import { negotiateFormat } from '../../../lambdas/image/negotiate';

describe('negotiateFormat', () => {
  const both = ['image/avif', 'image/webp'];

  it('prefers the first configured format the client names', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,*/*;q=0.8', both)).toBe('image/avif');
    expect(negotiateFormat('image/webp,*/*', both)).toBe('image/webp');
  });

  it('offers AVIF only when the config enables it', () => {
    expect(negotiateFormat('image/avif,image/webp', ['image/webp'])).toBe('image/webp');
  });

  it('keeps the source format for wildcards, no Accept, or q=0', () => {
    expect(negotiateFormat('*/*', both)).toBeUndefined();
    expect(negotiateFormat('image/*', both)).toBeUndefined();
    expect(negotiateFormat(undefined, both)).toBeUndefined();
    expect(negotiateFormat('image/avif;q=0, image/png', both)).toBeUndefined();
  });
});
