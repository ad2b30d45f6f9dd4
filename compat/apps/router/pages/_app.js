import { useEffect, useState } from 'react';
import Router from 'next/router';
import Link from 'next/link';

const EVENTS = ['routeChangeStart', 'beforeHistoryChange', 'routeChangeComplete', 'routeChangeError', 'hashChangeStart', 'hashChangeComplete'];

export default function App({ Component, pageProps }) {
  const [events, setEvents] = useState([]);
  useEffect(() => {
    // Lets the compatibility checks know the page has hydrated.
    window.__hydrated = true;
    const handlers = EVENTS.map((name) => {
      const handler = (...args) => {
        const url = typeof args[0] === 'string' ? args[0] : args[1];
        const { shallow } = args[args.length - 1] ?? {};
        setEvents((list) => [...list, `${name} ${url}${shallow ? ' shallow' : ''}`]);
      };
      Router.events.on(name, handler);
      return [name, handler];
    });
    return () => handlers.forEach(([name, handler]) => Router.events.off(name, handler));
  }, []);
  return (
    <>
      <nav>
        <Link href="/">Home</Link> | <Link href="/items/3?color=red">Item 3</Link> | <Link href="/classy">Classy</Link>
      </nav>
      <main>
        <Component {...pageProps} />
      </main>
      <ol id="events">
        {events.map((event, i) => (
          <li key={i}>{event}</li>
        ))}
      </ol>
    </>
  );
}
