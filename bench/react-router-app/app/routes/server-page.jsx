import { rowsFor, strings } from '../lib/content.js';
import { localeOf } from '../lib/locale.jsx';

// Runs on every request, like getServerSideProps in the other apps.
export function loader({ params }) {
  return { title: `${strings(localeOf(params)).server} ${params.id}`, rows: rowsFor(params.id) };
}

export const meta = ({ loaderData }) => [{ title: loaderData?.title }];

export default function ServerPage({ loaderData: { title, rows } }) {
  return (
    <>
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
