import Head from 'stratus/head';
import { strings } from '../../lib/content';

interface Props {
  title: string;
  filters: string[];
}

/** Optional catch-all with server data: echoes its segments (none for `/shop`). */
export default function Shop({ title, filters }: Props) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <p>Filters: {filters.length ? filters.join(', ') : 'none'}</p>
    </>
  );
}

export function getServerSideProps({ params, locale }: { params: { filters?: string[] }; locale: string }) {
  const filters = params.filters ?? [];
  return { props: { title: filters.length ? `${strings(locale).shop}: ${filters.join(' / ')}` : strings(locale).shop, filters } };
}
