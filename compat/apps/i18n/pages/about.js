import { useRouter } from 'next/router';

export default function About() {
  const router = useRouter();
  return (
    <>
      <h1>About ({router.locale})</h1>
      <p>asPath {router.asPath}, pathname {router.pathname}, default {router.defaultLocale}</p>
      <button onClick={() => router.push('/about', undefined, { locale: 'de' })}>Deutsch</button>
    </>
  );
}
