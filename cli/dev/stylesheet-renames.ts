/**
 * A save that changes stylesheets alone does not rebuild the server: its pages still link
 * the stylesheets of its build, so the dev server puts the newest ones in their place as a
 * page goes by (the names are content hashes, unique in any page). The renames are
 * forgotten when the next server build has the new names itself.
 */
export interface StylesheetRenames {
  /** Stylesheets replaced by a save: [old URL, new URL]. */
  add(pairs: [string, string][]): void;
  clear(): void;
  /** The page with every old stylesheet URL replaced by its newest. */
  apply(html: string): string;
}

export function createStylesheetRenames(): StylesheetRenames {
  const newest = new Map<string, string>();
  return {
    add(pairs) {
      for (const [from, to] of pairs) {
        // A URL renamed before now leads to the newest too.
        for (const [older, was] of newest) if (was === from) newest.set(older, to);
        newest.set(from, to);
      }
    },
    clear: () => newest.clear(),
    apply(html) {
      let out = html;
      for (const [from, to] of newest) out = out.split(from).join(to);
      return out;
    },
  };
}
