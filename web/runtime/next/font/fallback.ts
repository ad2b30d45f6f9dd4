/**
 * `next/font/google` and `next/font/local`. Google fonts are not fetched (the build has no
 * network but npm's registry): a call gives the family name with a system fallback stack
 * (`'Inter', system-ui, sans-serif`) as the `className`, `style` and `variable` a pages-router
 * app uses, and the page renders in the fallback until the family is self-hosted; the build
 * says so. Local fonts are the app's own files: the build emits them and gives their URLs
 * (cli/builder/plugins/local-font.ts), and `localFontOf` declares them with `@font-face`.
 */
import { addFontRule } from '../../shared/font-styles';

export interface FontOptions {
  /** A CSS custom property to define with the family (`--font-inter`). */
  variable?: string;
  weight?: string | string[];
  style?: string | string[];
  fallback?: string[];
  display?: string;
  subsets?: string[];
  preload?: boolean;
  adjustFontFallback?: boolean | string;
  /** next/font/local: the font file(s). */
  src?: string | { path: string; weight?: string; style?: string }[];
}

export interface FontResult {
  className: string;
  style: { fontFamily: string; fontWeight?: number; fontStyle?: string };
  variable?: string;
}

const MONO = /mono|code/i;
const SERIF = /serif|garamond|playfair|merriweather|lora|times/i;

function fallbackStack(family: string): string[] {
  if (MONO.test(family)) return ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'];
  if (SERIF.test(family) && !/sans/i.test(family)) return ['ui-serif', 'Georgia', 'serif'];
  return ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'];
}

const quote = (name: string) => (/^[a-z-]+$/i.test(name) && !name.includes(' ') ? name : `'${name.replace(/'/g, "\\'")}'`);

/** One family, as next/font gives it: a class setting the family, a style object, and the variable's class when asked for. */
export function fontFor(family: string, options: FontOptions = {}): FontResult {
  const slug = family.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'font';
  const stack = [quote(family), ...(options.fallback ?? fallbackStack(family)).map(quote)].join(', ');
  const weight = typeof options.weight === 'string' && /^\d+$/.test(options.weight) ? Number(options.weight) : undefined;
  const fontStyle = typeof options.style === 'string' ? options.style : undefined;
  const className = `__stratus-font-${slug}`;
  addFontRule(className, `.${className}{font-family:${stack}${weight ? `;font-weight:${weight}` : ''}${fontStyle ? `;font-style:${fontStyle}` : ''}}`);
  const result: FontResult = { className, style: { fontFamily: stack, ...(weight ? { fontWeight: weight } : {}), ...(fontStyle ? { fontStyle } : {}) } };
  if (options.variable && /^--[A-Za-z0-9_-]+$/.test(options.variable)) {
    const variable = `__stratus-font-var-${slug}-${options.variable.slice(2)}`;
    addFontRule(variable, `.${variable}{${options.variable}:${stack}}`);
    result.variable = variable;
  }
  return result;
}

const FORMATS: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype', eot: 'embedded-opentype' };

/** A short, stable hash of a string (FNV-1a), for family and class names. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * `import localFont from 'next/font/local'` for one importer: `files` maps each `src` as the
 * file wrote it to the URL the build gave the file. Each face gets an `@font-face` (its weight
 * and style, `display` as in Next, `swap` by default, and the `declarations` given); the class,
 * style and variable name the family first, then `fallback` or a system stack. A `src` the
 * build did not find keeps the family's name alone, as for Google fonts.
 */
export function localFontOf(options: FontOptions & { declarations?: { prop: string; value: string }[] } = {}, files: Record<string, string> = {}): FontResult {
  const faces = typeof options.src === 'string' ? [{ path: options.src, weight: options.weight, style: options.style }] : options.src ?? [];
  const urls = faces.map((face) => (Object.hasOwn(files, face.path) ? files[face.path] : undefined));
  const first = faces[0]?.path ?? 'local font';
  const name = first.split('/').pop()!.replace(/\.[a-z0-9]+$/i, '').replace(/[-_](VF|Variable)$/i, '');
  if (faces.length === 0 || urls.some((url) => url === undefined)) return fontFor(name, options);
  const family = `__${name.replace(/[^A-Za-z0-9_-]+/g, '_')}_${shortHash(urls.join(' '))}`;
  const extra = (options.declarations ?? []).map((d) => `;${d.prop}:${d.value}`).join('');
  faces.forEach((face, i) => {
    const url = urls[i]!;
    const format = FORMATS[url.split('.').pop()!.toLowerCase()];
    const weight = typeof face.weight === 'string' ? `;font-weight:${face.weight}` : '';
    const style = typeof face.style === 'string' ? `;font-style:${face.style}` : '';
    addFontRule(`${family}@${i}`, `@font-face{font-family:'${family}';src:url(${JSON.stringify(url)})${format ? ` format('${format}')` : ''};font-display:${options.display ?? 'swap'}${weight}${style}${extra}}`);
  });
  return fontFor(family, options);
}
