export default function Listed({ slug }) {
  return <h1>Listed {slug}</h1>;
}

// Paths as strings, one with a trailing slash, one listed twice.
export async function getStaticPaths() {
  return { paths: ['/listed/a/', '/listed/b', { params: { slug: 'b' } }], fallback: false };
}

export async function getStaticProps({ params }) {
  return { props: { slug: params.slug } };
}
