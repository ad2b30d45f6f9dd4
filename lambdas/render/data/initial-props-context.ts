/**
 * What `getInitialProps` receives on the server: the pages router's fields, with `req` and
 * `res` taken from the getServerSideProps context of the same request (built on first use,
 * and what the page sets on `res` goes on the answer just the same).
 */
import type { InitialPropsContext, ServerContext } from '../../../web/runtime/shared/page-types';
import type { PageRequest, Query } from '../core/outcome';

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
    locales: server.locales,
    defaultLocale: server.defaultLocale,
  };
  Object.defineProperty(context, SERVER, { value: server });
  return Object.defineProperties(context, FROM_SERVER) as unknown as InitialPropsContext;
}

const SERVER = Symbol('stratus.initialPropsContext');

type WithServer = { [SERVER]: ServerContext };

/** Own enumerable getters shared by every context, as in server-context.ts (and for its reason). */
const FROM_SERVER: PropertyDescriptorMap = {
  req: {
    get(this: WithServer) {
      return this[SERVER].req;
    },
    enumerable: true,
    configurable: true,
  },
  res: {
    get(this: WithServer) {
      return this[SERVER].res;
    },
    enumerable: true,
    configurable: true,
  },
};
