import Head from 'stratus/head';
import { useRouter } from 'stratus/router';

export default function About() {
  const router = useRouter();
  return (
    <>
      <Head><title>About</title></Head>
      <h1>About</h1>
      <p>You are on {router.asPath}, reached without a full page load.</p>
    </>
  );
}
