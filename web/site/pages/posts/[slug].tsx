import Head from 'stratus/head';
import { posts, type Locale } from '../../lib/content';

interface Props {
  title: string;
  body: string;
}

export default function PostPage({ title, body }: Props) {
  return (
    <article>
      <Head><title>{title}</title><meta name="description" content={body} /></Head>
      <h1>{title}</h1>
      <p>{body}</p>
      <section id="comments" style={{ marginTop: '150vh' }}>
        <h2>Comments</h2>
        <p>Comments are closed.</p>
      </section>
    </article>
  );
}

export function getStaticPaths({ locales }: { locales: string[] }) {
  return {
    paths: locales.flatMap((locale) => posts.map((p) => ({ params: { slug: p.slug }, locale }))),
    fallback: false,
  };
}

export function getStaticProps({ params, locale }: { params: { slug: string }; locale: string }) {
  const post = posts.find((p) => p.slug === params.slug);
  if (!post) return { notFound: true };
  return { props: { title: post.title[locale as Locale], body: post.body[locale as Locale] } };
}
