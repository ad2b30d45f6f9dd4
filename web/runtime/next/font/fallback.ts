/**
 * `next/font/google` and `next/font/local` without fetching fonts: the build has no network
 * but npm's registry, so a font call gives the family name with a system fallback stack
 * (`'Inter', system-ui, sans-serif`), as the `className`, `style` and `variable` a
 * pages-router app uses. The page renders in the fallback until the family is self-hosted
 * (`@font-face` in the app's CSS, the files in `public/`); the build says so.
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

/** `import localFont from 'next/font/local'`: the family named after its first file (self-host it with @font-face to see it). */
export function localFont(options: FontOptions = {}): FontResult {
  const first = typeof options.src === 'string' ? options.src : options.src?.[0]?.path ?? 'local font';
  const family = first.split('/').pop()!.replace(/\.[a-z0-9]+$/i, '').replace(/[-_](VF|Variable)$/i, '');
  return fontFor(family, options);
}
