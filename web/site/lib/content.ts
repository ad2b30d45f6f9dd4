/** The sample site's content: a small field journal, in English and French. */
export const strings = {
  en: { home: 'Field Notes', tagline: 'Short notes from walks in the hills.', about: 'About', posts: 'Notes', docs: 'Guides', shop: 'Shop', news: 'News', gallery: 'Gallery', feedback: 'Feedback', members: 'Members', story: 'Story' },
  fr: { home: 'Carnet de terrain', tagline: 'De courtes notes de balades dans les collines.', about: 'À propos', posts: 'Notes', docs: 'Guides', shop: 'Boutique', news: 'Actualités', gallery: 'Galerie', feedback: 'Avis', members: 'Membres', story: 'Récit' },
} as const;

export type Locale = keyof typeof strings;

export function t(locale: string) {
  return strings[(locale in strings ? locale : 'en') as Locale];
}

export interface Post {
  slug: string;
  title: Record<Locale, string>;
  body: Record<Locale, string>;
}

export const posts: Post[] = [
  { slug: 'first-frost', title: { en: 'First frost', fr: 'Premières gelées' }, body: { en: 'The meadow was white at dawn.', fr: 'La prairie était blanche à l’aube.' } },
  { slug: 'river-walk', title: { en: 'River walk', fr: 'Balade au bord de la rivière' }, body: { en: 'Herons, two of them, very still.', fr: 'Des hérons, deux, immobiles.' } },
  { slug: 'old-orchard', title: { en: 'The old orchard', fr: 'Le vieux verger' }, body: { en: 'Apples nobody picks any more.', fr: 'Des pommes que plus personne ne cueille.' } },
];

export const products = Array.from({ length: 12 }, (_, i) => ({
  id: String(i + 1),
  name: `Notebook no. ${i + 1}`,
  price: 4 + i * 1.5,
  tags: i % 2 ? ['paper', 'lined'] : ['paper', 'plain'],
}));
