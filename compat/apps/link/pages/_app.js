import { useEffect } from 'react';

export default function App({ Component, pageProps }) {
  // Lets the compatibility checks know the page has hydrated.
  useEffect(() => {
    window.__hydrated = true;
  }, []);
  return (
    <main>
      <Component {...pageProps} />
    </main>
  );
}
