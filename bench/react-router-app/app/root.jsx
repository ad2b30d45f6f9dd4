import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useParams } from 'react-router';
import { LocaleLink } from './lib/locale.jsx';
import { DEFAULT_LOCALE } from './lib/content.js';

export function Layout({ children }) {
  const { lang } = useParams();
  return (
    <html lang={lang ?? DEFAULT_LOCALE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Every page: the nav bar of the other two apps (same ids, same targets). */
export default function App() {
  return (
    <>
      <nav>
        <LocaleLink to="/" id="nav-home">Home</LocaleLink> <LocaleLink to="/posts/a" id="nav-post-a">a</LocaleLink> <LocaleLink to="/posts/b" id="nav-post-b">b</LocaleLink>{' '}
        <LocaleLink to="/posts/c" id="nav-post-c">c</LocaleLink> <LocaleLink to="/ssr/1" id="nav-ssr-1">1</LocaleLink> <LocaleLink to="/ssr/2" id="nav-ssr-2">2</LocaleLink>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <h1>{status === 404 ? 'This page could not be found' : 'Something went wrong'}</h1>;
}
