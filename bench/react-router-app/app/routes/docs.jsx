import { data } from 'react-router';
import { strings } from '../lib/content.js';
import { localeOf } from '../lib/locale.jsx';

export function loader({ params }) {
  const segments = params['*'].split('/').filter(Boolean);
  // A catch-all needs at least one segment, as /docs/[...path] does.
  if (segments.length === 0) throw data(null, { status: 404 });
  return { title: `${strings(localeOf(params)).docs}: ${segments.join(' / ')}`, segments };
}

export const meta = ({ loaderData }) => [{ title: loaderData?.title }];

export default function Docs({ loaderData: { title, segments } }) {
  return (
    <>
      <h1>{title}</h1>
      <p>Segments: {segments.join(', ')}</p>
    </>
  );
}
