import { useEffect } from 'react';
import Nav from '../components/Nav';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <>
      <Nav />
      <main>
        <Component {...pageProps} />
      </main>
    </>
  );
}
