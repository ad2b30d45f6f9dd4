import Head from 'stratus/head';
import { rowsFor, strings, type Row } from '../../lib/content';

interface Props {
  title: string;
  rows: Row[];
}

/** Server data on every request: an h1 and a table of 50 rows. */
export default function ServerPage({ title, rows }: Props) {
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

export function getServerSideProps({ params, locale }: { params: { id: string }; locale: string }) {
  return { props: { title: `${strings(locale).server} ${params.id}`, rows: rowsFor(params.id) } };
}
