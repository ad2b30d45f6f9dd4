/**
 * Each page's own stylesheets (the CSS its module imports, CSS Modules or not), as the
 * pages router treats them: the server links them on a first load; a soft navigation loads
 * them with the page's script, without applying them (`media="not all"`), so a prefetch can
 * load them too; they apply in the commit that shows the page, and the stylesheets of the
 * page that left are removed in that same commit, before the browser paints. `_app`'s
 * stylesheets are not in the map and stay for every page.
 *
 * @example
 * const styles = createPageStyles({ '/': ['/_app/static/chunks/page-index-X.css'] });
 * await styles.load('/');  // on navigation, beside the page's script
 * styles.show('/');        // in the commit that renders it
 */

/** A media query no device matches: the sheet loads but does not apply. */
const INACTIVE = 'not all';

export interface PageStyles {
  /** Loads a page's stylesheets without applying them; rejects when one fails to load. */
  load(page: string): Promise<unknown>;
  /** Applies the page's stylesheets and removes the applied ones of every other page. */
  show(page: string): void;
}

export function createPageStyles(byPage: Record<string, string[]>, doc: Document = document): PageStyles {
  /** Sheets added here, until loaded; one the server linked has loaded (stylesheets block the first render). */
  const loading = new Map<string, Promise<unknown>>();
  // Read from the map on each use: `stratus dev` replaces a page's URLs in it when its CSS changes.
  const links = () => {
    const pageSheets = new Set(Object.values(byPage).flat());
    return [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].filter((link) => pageSheets.has(link.getAttribute('href')!));
  };

  function loadSheet(href: string): Promise<unknown> {
    if (links().some((link) => link.getAttribute('href') === href)) return loading.get(href) ?? Promise.resolve();
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.media = INACTIVE;
    link.setAttribute('href', href);
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = () => {
        link.remove();
        reject(new Error(`Failed to load ${href}`));
      };
    });
    loading.set(href, loaded);
    doc.head.append(link);
    return loaded;
  }

  return {
    load: (page) => Promise.all((byPage[page] ?? []).map(loadSheet)),
    show(page) {
      const own = byPage[page] ?? [];
      for (const link of links()) {
        if (own.includes(link.getAttribute('href')!)) {
          if (link.media === INACTIVE) link.removeAttribute('media');
        } else if (link.media !== INACTIVE) {
          link.remove(); // another page's sheet leaves with its page; inactive (prefetched) ones stay loaded
        }
      }
    },
  };
}
