import Head from 'stratus/head';
import { useRouter } from 'stratus/router';
import type { GetStaticPaths, GetStaticProps } from 'stratus/types';
import { products } from '../../lib/content';

interface Props {
  name?: string;
  price?: number;
}

/** `fallback: true`: two products are prerendered, the rest render on first visit (the shell shows first). */
export default function Product({ name, price }: Props) {
  const router = useRouter();
  if (router.isFallback) return <p className="loading">Loading product…</p>;
  return (
    <>
      <Head><title>{name}</title></Head>
      <h1>{name}</h1>
      <p>{price?.toFixed(2)} €</p>
    </>
  );
}

export const getStaticPaths = (() => {
  return { paths: [{ params: { id: '1' } }, { params: { id: '2' } }], fallback: true };
}) satisfies GetStaticPaths;

export const getStaticProps = (({ params }) => {
  const product = products.find((p) => p.id === params.id);
  if (!product) return { notFound: true };
  return { props: { name: product.name, price: product.price } };
}) satisfies GetStaticProps<Props>;
