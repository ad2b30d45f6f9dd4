import { strings } from '../lib/content.js';
import { localeOf } from '../lib/locale.jsx';

// The splat matches /shop itself too: the optional catch-all of the other apps.
export function loader({ params }) {
  const filters = (params['*'] ?? '').split('/').filter(Boolean);
  const shop = strings(localeOf(params)).shop;
  return { title: filters.length ? `${shop}: ${filters.join(' / ')}` : shop, filters };
}

export const meta = ({ loaderData }) => [{ title: loaderData?.title }];

export default function Shop({ loaderData: { title, filters } }) {
  return (
    <>
      <h1>{title}</h1>
      <p>Filters: {filters.length ? filters.join(', ') : 'none'}</p>
    </>
  );
}
