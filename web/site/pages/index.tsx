import Head from 'stratus/head';
import Link from 'stratus/link';
import { posts, t, type Locale } from '../lib/content';

interface Props {
  title: string;
  tagline: string;
  notes: { slug: string; title: string }[];
}

export default function Home({ title, tagline, notes }: Props) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <p>{tagline}</p>
      <ul>
        {notes.map((note) => (
          <li key={note.slug}><Link href={{ pathname: '/posts/[slug]', query: { slug: note.slug } }}>{note.title}</Link></li>
        ))}
      </ul>
    </>
  );
}

export function getStaticProps({ locale }: { locale: string }) {
  const s = t(locale);
  return { props: { title: s.home, tagline: s.tagline, notes: posts.map((p) => ({ slug: p.slug, title: p.title[locale as Locale] })) } };
}
