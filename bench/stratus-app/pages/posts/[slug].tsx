import Head from 'stratus/head';
import { POST_SLUGS, postParagraphs, strings } from '../../lib/content';

interface Props {
  title: string;
  paragraphs: string[];
}

/** Static paths a, b, c: an h1, three paragraphs and a #comments section far down. */
export default function Post({ title, paragraphs }: Props) {
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

export function getStaticPaths({ locales }: { locales: string[] }) {
  return { paths: locales.flatMap((locale) => POST_SLUGS.map((slug) => ({ params: { slug }, locale }))), fallback: false };
}

export function getStaticProps({ params, locale }: { params: { slug: string }; locale: string }) {
  return { props: { title: `${strings(locale).post} ${params.slug}`, paragraphs: postParagraphs(params.slug) } };
}
