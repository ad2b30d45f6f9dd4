import { HOME_LINKS, strings } from '../lib/content.js';
import { LocaleLink, localeOf } from '../lib/locale.jsx';

// Prerendered at build time (react-router.config.js), like getStaticProps in the other apps.
export function loader({ params }) {
  const s = strings(localeOf(params));
  return { title: s.home, intro: s.intro, links: HOME_LINKS };
}

export const meta = ({ loaderData }) => [{ title: loaderData?.title }];

export default function Home({ loaderData: { title, intro, links } }) {
  return (
    <>
      <h1>{title}</h1>
      <p>{intro}</p>
      <ul>
        {links.map((href) => (
          <li key={href}><LocaleLink to={href}>{href}</LocaleLink></li>
        ))}
      </ul>
    </>
  );
}
