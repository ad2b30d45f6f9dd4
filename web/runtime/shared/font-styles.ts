/**
 * CSS rules the `next/font` stand-ins register (web/runtime/next/font/fallback.ts): the
 * server puts them in each document's head, the browser adds the ones it has not got, so
 * a font's class name styles the page the same before and after hydration.
 */
const rules = new Map<string, string>();

export const FONT_STYLE_ID = '__stratus-fonts';

/** Registers a rule under a name (a class name, or a face's) once. */
export function addFontRule(className: string, css: string): void {
  if (rules.has(className)) return;
  rules.set(className, css);
  if (typeof document === 'undefined') return;
  let style = document.getElementById(FONT_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = FONT_STYLE_ID;
    document.head.appendChild(style);
  }
  // The server's tag has the rules of its page already (`<` written as `\3c `, which no rule here has).
  if (!style.textContent?.includes(css)) style.appendChild(document.createTextNode(css));
}

/** The `<style>` of every registered rule, for a document head; empty when none. */
export function fontStyleTag(): string {
  if (rules.size === 0) return '';
  return `<style id="${FONT_STYLE_ID}">${[...rules.values()].join('').replace(/</g, '\\3c ')}</style>`;
}
