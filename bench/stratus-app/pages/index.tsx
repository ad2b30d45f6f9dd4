import Head from 'stratus/head';
import Link from 'stratus/link';
import { HOME_LINKS, strings } from '../lib/content';

interface Props {
  title: string;
  intro: string;
  links: string[];
}

/** Static data: an h1, a paragraph and 20 links. */
export default function Home({ title, intro, links }: Props) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <p>{intro}</p>
      <ul>
        {links.map((href) => (
          <li key={href}><Link href={href}>{href}</Link></li>
        ))}
      </ul>
    </>
  );
}

export function getStaticProps({ locale }: { locale: string }) {
  const s = strings(locale);
  return { props: { title: s.home, intro: s.intro, links: HOME_LINKS } };
}
