import Head from 'stratus/head';
import Link from 'stratus/link';
import { products } from '../../lib/content';

interface Props {
  filters: string[];
  items: { id: string; name: string; price: number }[];
}

/** An optional catch-all with server data: `/shop`, `/shop/lined`, `/shop/paper/plain`. */
export default function Shop({ filters, items }: Props) {
  return (
    <>
      <Head><title>{filters.length ? `Shop: ${filters.join(' / ')}` : 'Shop'}</title></Head>
      <h1>Shop{filters.length ? `: ${filters.join(' / ')}` : ''}</h1>
      <p><Link href="/shop">All</Link> · <Link href="/shop/lined">Lined</Link> · <Link href="/shop/paper/plain">Plain paper</Link></p>
      <table>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}><td><Link href={`/products/${item.id}`}>{item.name}</Link></td><td>{item.price.toFixed(2)} €</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function getServerSideProps({ params }: { params: { filters?: string[] } }) {
  const filters = params.filters ?? [];
  const items = products.filter((p) => filters.every((f) => p.tags.includes(f))).map(({ id, name, price }) => ({ id, name, price }));
  return { props: { filters, items } };
}
