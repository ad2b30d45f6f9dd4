import Head from 'next/head';
import { POST_SLUGS, postParagraphs, strings } from '../../lib/content';

export default function Post({ title, paragraphs }) {
  return (
    <article>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      {paragraphs.map((text) => <p key={text}>{text}</p>)}
      <section id="comments" style={{ marginTop: '150vh' }}>
        <h2>Comments</h2>
        <p>Comments are closed.</p>
      </section>
    </article>
  );
}

export function getStaticPaths({ locales }) {
  return { paths: locales.flatMap((locale) => POST_SLUGS.map((slug) => ({ params: { slug }, locale }))), fallback: false };
}

export function getStaticProps({ params, locale }) {
  return { props: { title: `${strings(locale).post} ${params.slug}`, paragraphs: postParagraphs(params.slug) } };
}
