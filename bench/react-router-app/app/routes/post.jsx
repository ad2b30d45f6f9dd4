import { data } from 'react-router';
import { POST_SLUGS, postParagraphs, strings } from '../lib/content.js';
import { localeOf } from '../lib/locale.jsx';

// Prerendered for every slug and locale (react-router.config.js).
export function loader({ params }) {
  if (!POST_SLUGS.includes(params.slug)) throw data(null, { status: 404 });
  return { title: `${strings(localeOf(params)).post} ${params.slug}`, paragraphs: postParagraphs(params.slug) };
}

export const meta = ({ loaderData }) => [{ title: loaderData?.title }];

export default function Post({ loaderData: { title, paragraphs } }) {
  return (
    <article>
      <h1>{title}</h1>
      {paragraphs.map((text) => <p key={text}>{text}</p>)}
      <section id="comments" style={{ marginTop: '150vh' }}>
        <h2>Comments</h2>
        <p>Comments are closed.</p>
      </section>
    </article>
  );
}
