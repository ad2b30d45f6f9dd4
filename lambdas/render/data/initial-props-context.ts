/**
 * What `getInitialProps` receives on the server: the pages router's fields, with `req` and
 * `res` taken from the getServerSideProps context of the same request (built on first use,
 * and what the page sets on `res` goes on the answer just the same).
 */
import type { InitialPropsContext, ServerContext } from '../../../web/runtime/shared/page-types';
import type { PageRequest, Query } from '../core/outcome';
import { withRequestOf } from './server-context';

/**
 * @example
 * const call = serverContext(page, query, config, body);
 * await loadInitialProps(App, page.module.default, initialPropsContext(page, query, call.context));
 */
export function initialPropsContext(page: PageRequest, query: Query, server: ServerContext): InitialPropsContext {
  const context = {
    pathname: page.route.pattern,
    query,
    asPath: server.resolvedUrl,
    locale: server.locale,
    // Without i18n (no defaultLocale then) undefined, where getServerSideProps has `[]`, as in the pages router.
    locales: server.defaultLocale === undefined ? undefined : server.locales,
    defaultLocale: server.defaultLocale,
  };
  return withRequestOf(context, server);
}
