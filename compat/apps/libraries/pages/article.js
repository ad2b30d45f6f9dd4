import { ArticleJsonLd, NextSeo } from 'next-seo';

export default function Article() {
  return (
    <>
      <NextSeo
        title="An article"
        description="An article's own description"
        noindex
        openGraph={{ title: 'An article (og)', images: [{ url: 'https://example.com/a.png', width: 800, height: 600, alt: 'A' }] }}
      />
      <ArticleJsonLd
        url="https://example.com/article"
        title="An article"
        images={['https://example.com/a.png']}
        datePublished="2026-01-01T00:00:00Z"
        authorName="Ada"
        description="An article's own description"
      />
      <h1>Article</h1>
    </>
  );
}
