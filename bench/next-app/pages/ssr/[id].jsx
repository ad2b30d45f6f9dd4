import Head from 'next/head';
import { rowsFor, strings } from '../../lib/content';

export default function ServerPage({ title, rows }) {
  return (
    <>
      <Head><title>{title}</title></Head>
      <h1>{title}</h1>
      <table>
        <thead><tr><th>Name</th><th>Price</th></tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}><td>{row.name}</td><td>{row.price.toFixed(2)}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function getServerSideProps({ params, locale }) {
  return { props: { title: `${strings(locale).server} ${params.id}`, rows: rowsFor(params.id) } };
}
