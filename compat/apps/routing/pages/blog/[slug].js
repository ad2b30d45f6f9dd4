export default function BlogPost({ slug }) {
  return <h1>Blog post {slug}</h1>;
}

export async function getStaticPaths() {
  return { paths: [{ params: { slug: 'second' } }], fallback: false };
}

export async function getStaticProps({ params }) {
  return { props: { slug: params.slug } };
}
