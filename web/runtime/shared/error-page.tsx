/**
 * The built-in error page, used when the app has no page of its own for a status (or
 * when that page itself fails), inside `_app` like every page. The title follows the
 * error-page table (README, "Error pages").
 */
import Head from './head';
import { useEffect, useState } from 'react';
import { CLIENT_ERROR_MESSAGE, CLIENT_ERROR_TITLE, clientErrorMessage, ERROR_TITLES, UNKNOWN_ERROR_TITLE } from './errors';

const styles = {
  wrap: { fontFamily: 'system-ui, sans-serif', height: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center' },
  h1: { display: 'inline-block', margin: '0 20px 0 0', paddingRight: 23, fontSize: 24, fontWeight: 500, verticalAlign: 'top', borderRight: '1px solid rgba(0,0,0,.3)' },
  // A block inside an inline-block box: beside the status, but read as its own line.
  message: { display: 'inline-block' },
  h2: { fontSize: 14, fontWeight: 400, lineHeight: '28px', margin: 0 },
} as const;

/**
 * The status (every status, titled or not), and its title (`title` overrides it) or the generic
 * message. Without a status (an `_app` that renders the page without its `pageProps`), the
 * client-exception page and title, as the pages router's error page shows then.
 */
export function ErrorPage({ statusCode, title }: { statusCode: number; title?: string }) {
  if (!statusCode) return <ClientErrorPage />;
  const text = title ?? ERROR_TITLES[statusCode] ?? UNKNOWN_ERROR_TITLE;
  return (
    <div style={styles.wrap}>
      {/* After _app's <Head>, so its title wins over the app's, as in the pages router. */}
      <Head>
        <title>{`${statusCode}: ${text}`}</title>
      </Head>
      <div>
        <h1 style={styles.h1}>{statusCode}</h1>
        <div style={styles.message}>
          <h2 style={styles.h2}>{text}.</h2>
        </div>
      </div>
    </div>
  );
}

/**
 * What replaces the page after an uncaught exception in the browser, with its title. It names
 * the host once in the browser, as the pages router's does (the server's HTML has none, so
 * hydration matches it).
 */
export function ClientErrorPage() {
  const [host, setHost] = useState('');
  useEffect(() => setHost(location.hostname), []);
  return (
    <div style={styles.wrap}>
      <Head>
        <title>{CLIENT_ERROR_TITLE}</title>
      </Head>
      <h2 style={styles.h2}>{host ? clientErrorMessage(host) : CLIENT_ERROR_MESSAGE}</h2>
    </div>
  );
}
