/**
 * Rewrites what must differ between the frameworks into one spelling, so that only real
 * differences remain: the server's origin, the `/_next/` and `/_app/` prefixes, content
 * hashes in static file names, and build ids.
 */
import type { Target } from './target';

const SLASH = '(/|%2F)';

export function normalise(value: string, target: Target): string {
  let text = value.split(target.baseUrl).join('');
  if (target.buildId) text = text.split(target.buildId).join('<build>');
  text = text
    .replace(new RegExp(`${SLASH}_(next|app)${SLASH}static${SLASH}`, 'g'), '$1<static>$4')
    .replace(new RegExp(`${SLASH}_(next|app)${SLASH}image`, 'g'), '$1<image>')
    .replace(new RegExp(`${SLASH}_(next|app)${SLASH}data${SLASH}`, 'g'), '$1<data>$4')
    // Script chunks are named by hashes that change with every change of the code.
    .replace(new RegExp(`(<static>${SLASH}chunks${SLASH})[\\w.~-]+`, 'g'), '$1<chunk>')
    // media/dot.0a1b2c3d.png (Next), media/dot-ABCD2345.png (Stratus) → media/dot.png
    .replace(new RegExp(`(<static>${SLASH}media${SLASH}[A-Za-z0-9_]+?)[.-][A-Za-z0-9_~-]{6,}(\\.[a-z0-9]+)`, 'g'), '$1$4');
  return text;
}

/** Collapses runs of whitespace, as a reader sees text. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
