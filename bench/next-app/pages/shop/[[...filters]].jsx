import Head from 'next/head';
import { strings } from '../../lib/content';

export default function Shop({ title, filters }) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <p>Filters: {filters.length ? filters.join(', ') : 'none'}</p>
    </>
  );
}

export function getServerSideProps({ params, locale }) {
  const filters = params.filters ?? [];
  return { props: { title: filters.length ? `${strings(locale).shop}: ${filters.join(' / ')}` : strings(locale).shop, filters } };
}
