/**
 * Gives middleware the global `URLPattern` Next's middleware runtime has (`new URLPattern(…)`
 * without an import): imported before an app's middleware that names it.
 */
import { URLPattern } from './url-pattern';

(globalThis as { URLPattern?: unknown }).URLPattern ??= URLPattern;
