/**
 * The built-in error page, used when the app has no page of its own for a status (or
 * when that page itself fails). The title follows the error-page table (README, "Error pages").
 */
import { CLIENT_ERROR_MESSAGE, ERROR_TITLES } from './errors';

const styles = {
  wrap: { fontFamily: 'system-ui, sans-serif', height: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center' },
  h1: { display: 'inline-block', margin: '0 20px 0 0', paddingRight: 23, fontSize: 24, fontWeight: 500, borderRight: '1px solid rgba(0,0,0,.3)' },
  h2: { display: 'inline-block', fontSize: 14, fontWeight: 400, margin: 0 },
} as const;

export function ErrorPage({ statusCode }: { statusCode: number }) {
  const title = ERROR_TITLES[statusCode];
  return (
    <div style={styles.wrap}>
      <div>
        {title ? <h1 style={styles.h1}>{statusCode}</h1> : null}
        <h2 style={styles.h2}>{title ? `${title}.` : 'An unexpected error has occurred.'}</h2>
      </div>
    </div>
  );
}

/** What replaces the page after an uncaught exception while rendering in the browser. */
export function ClientErrorPage() {
  return (
    <div style={styles.wrap}>
      <h2 style={styles.h2}>{CLIENT_ERROR_MESSAGE}</h2>
    </div>
  );
}
