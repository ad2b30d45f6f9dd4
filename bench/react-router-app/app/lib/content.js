// The benchmark app's content: the same data as bench/stratus-app/lib/content.ts and
// bench/next-app/lib/content.js. Keep the three in step, so that all render the same HTML.
export const LOCALES = ['en', 'fr'];
export const DEFAULT_LOCALE = 'en';

const STRINGS = {
  en: { home: 'Benchmark home', intro: 'Twenty links to the pages of this benchmark.', server: 'Server page', post: 'Post', docs: 'Docs', shop: 'Shop', gallery: 'Gallery' },
  fr: { home: 'Accueil du banc d’essai', intro: 'Vingt liens vers les pages de ce banc d’essai.', server: 'Page serveur', post: 'Article', docs: 'Docs', shop: 'Boutique', gallery: 'Galerie' },
};

export function strings(locale) {
  return STRINGS[locale === 'fr' ? 'fr' : 'en'];
}

/** The 20 links of `/`. */
export const HOME_LINKS = [
  '/posts/a', '/posts/b', '/posts/c',
  ...Array.from({ length: 12 }, (_, i) => `/ssr/${i + 1}`),
  '/docs/guide/intro', '/docs/api', '/shop', '/shop/paper/plain', '/gallery',
];

export const POST_SLUGS = ['a', 'b', 'c'];

/** The 50 rows of `/ssr/:id`. */
export function rowsFor(id) {
  return Array.from({ length: 50 }, (_, i) => ({ id: `${id}-${i + 1}`, name: `Item ${id}-${i + 1}`, price: (i + 1) * 1.5 }));
}

export function postParagraphs(slug) {
  return [1, 2, 3].map((n) => `Paragraph ${n} of post ${slug}. It is static text, prerendered at build time in every locale.`);
}
