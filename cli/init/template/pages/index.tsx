import type { GetStaticProps, InferGetStaticPropsType } from 'stratus/types';
import styles from '../styles/home.module.css';

export const getStaticProps = (() => {
  return { props: { builtAt: new Date().toISOString() }, revalidate: 60 };
}) satisfies GetStaticProps;

export default function Home({ builtAt }: InferGetStaticPropsType<typeof getStaticProps>) {
  return (
    <>
      <h1 className={styles.title}>It works</h1>
      <p>Edit <code>pages/index.tsx</code> and reload. This page was rendered at {builtAt}.</p>
    </>
  );
}
