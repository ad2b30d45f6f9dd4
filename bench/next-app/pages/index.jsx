import Head from 'next/head';
import Link from 'next/link';
import { HOME_LINKS, strings } from '../lib/content';

export default function Home({ title, intro, links }) {
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

export function getStaticProps({ locale }) {
  const s = strings(locale);
  return { props: { title: s.home, intro: s.intro, links: HOME_LINKS } };
}
