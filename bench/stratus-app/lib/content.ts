/**
 * The benchmark app's content. bench/next-app/lib/content.js and
 * bench/react-router-app/app/lib/content.js are the same data for Next.js and React Router:
 * keep the three in step, so that all frameworks render the same HTML.
 */
export type Locale = 'en' | 'fr';

const STRINGS = {
  en: { home: 'Benchmark home', intro: 'Twenty links to the pages of this benchmark.', server: 'Server page', post: 'Post', docs: 'Docs', shop: 'Shop', gallery: 'Gallery' },
  fr: { home: 'Accueil du banc d’essai', intro: 'Vingt liens vers les pages de ce banc d’essai.', server: 'Page serveur', post: 'Article', docs: 'Docs', shop: 'Boutique', gallery: 'Galerie' },
};

export function strings(locale: string) {
  return STRINGS[locale === 'fr' ? 'fr' : 'en'];
}

/** The 20 links of `/`. */
export const HOME_LINKS: string[] = [
  '/posts/a', '/posts/b', '/posts/c',
  ...Array.from({ length: 12 }, (_, i) => `/ssr/${i + 1}`),
  '/docs/guide/intro', '/docs/api', '/shop', '/shop/paper/plain', '/gallery',
];

export const POST_SLUGS = ['a', 'b', 'c'];

export interface Row {
  id: string;
  name: string;
  price: number;
}

/** The 50 rows of `/ssr/[id]`. */
export function rowsFor(id: string): Row[] {
  return Array.from({ length: 50 }, (_, i) => ({ id: `${id}-${i + 1}`, name: `Item ${id}-${i + 1}`, price: (i + 1) * 1.5 }));
}

export function postParagraphs(slug: string): string[] {
  return [1, 2, 3].map((n) => `Paragraph ${n} of post ${slug}. It is static text, prerendered at build time in every locale.`);
}
