export default function Post({ slug, locale }) {
  return (
    <h1>
      Post {slug} ({locale})
    </h1>
  );
}

export async function getStaticPaths() {
  return {
    paths: [
      { params: { slug: 'a' }, locale: 'en' },
      { params: { slug: 'a' }, locale: 'fr' },
    ],
    fallback: false,
  };
}

export async function getStaticProps({ params, locale }) {
  return { props: { slug: params.slug, locale } };
}
