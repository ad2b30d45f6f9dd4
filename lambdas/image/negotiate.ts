/**
 * Output format from the request's `Accept`: the first of the configured `formats`
 * (`image/avif`, `image/webp`, in the config's order) that the client names, else none
 * and the source's own format is kept. Only explicit mentions count: `*\/*` and
 * `image/*` say nothing about AVIF support, so they keep the source format, as browsers
 * that support AVIF or WebP always name them.
 */

/**
 * Picks the output MIME type, or `undefined` to keep the source format.
 *
 * @example
 * negotiateFormat('image/avif,image/webp,*\/*', ['image/avif', 'image/webp']); // 'image/avif'
 * negotiateFormat('image/webp', ['image/avif']); // undefined
 */
export function negotiateFormat(accept: string | undefined, formats: readonly string[]): string | undefined {
  if (!accept) return undefined;
  const accepted = new Set<string>();
  for (const part of accept.split(',')) {
    const [type, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (type && !refused) accepted.add(type.trim());
  }
  return formats.find((format) => accepted.has(format));
}
