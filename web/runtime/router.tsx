/**
 * `stratus/router`: `useRouter()` and the `Router` singleton with `Router.events`.
 *
 * @example
 * import Router, { useRouter } from 'stratus/router';
 * Router.events.on('routeChangeStart', (url, { shallow }) => console.log('to', url));
 */
import { createElement, type ComponentType } from 'react';
import { useRouter, type StratusRouter } from './shared/router-context';
import { currentRouter, routerEvents } from './shared/router-state';

export { useRouter, RouterContext } from './shared/router-context';
export type { StratusRouter, Url, UrlObject, TransitionOptions, Query } from './shared/router-context';

export { routerEvents, setCurrentRouter } from './shared/router-state';

function active(): StratusRouter {
  const current = currentRouter();
  if (!current) throw new Error('No router instance found: use Router in the browser, once the page has loaded.');
  return current;
}

/** A router event's listener, as `Router.events.on` takes it. */
type EventListener = (...args: any[]) => void;

/**
 * The fields the pages router calls for each event when a function is assigned to them
 * (`Router.onRouteChangeStart = () => NProgress.start()`): the API before `Router.events`,
 * which older apps and progress-bar recipes still write.
 */
interface EventFields {
  onRouteChangeStart?: EventListener;
  onBeforeHistoryChange?: EventListener;
  onRouteChangeComplete?: EventListener;
  onRouteChangeError?: EventListener;
  onHashChangeStart?: EventListener;
  onHashChangeComplete?: EventListener;
}

const fields = {
  get pathname() { return active().pathname; },
  get route() { return active().route; },
  get basePath() { return active().basePath; },
  get query() { return active().query; },
  get asPath() { return active().asPath; },
  get locale() { return active().locale; },
  get locales() { return active().locales; },
  get defaultLocale() { return active().defaultLocale; },
  get isFallback() { return active().isFallback; },
  get isReady() { return active().isReady; },
  push: ((...args) => active().push(...args)) as StratusRouter['push'],
  replace: ((...args) => active().replace(...args)) as StratusRouter['replace'],
  back: () => active().back(),
  reload: () => active().reload(),
  prefetch: ((...args) => active().prefetch(...args)) as StratusRouter['prefetch'],
  beforePopState: ((callback) => active().beforePopState(callback)) as StratusRouter['beforePopState'],
  events: routerEvents,
  /**
   * Runs `callback` once the browser's router exists: at once after hydration, else as soon
   * as the page has hydrated (a module's top level runs before). Never on the server, as in
   * the pages router (a server render's router lasts one render). Looked for every 10 ms,
   * not hooked into the runtime's start: a hook would weigh on every page's first load for
   * the few apps that call this.
   */
  ready(callback: () => void): void {
    if (typeof window == 'object') (function run() { currentRouter() ? callback() : setTimeout(run, 10); })();
  },
};

/** The singleton: the same fields and methods as `useRouter()`, for code outside components. */
const Router: typeof fields & EventFields = fields;

for (const event of ['routeChangeStart', 'beforeHistoryChange', 'routeChangeComplete', 'routeChangeError', 'hashChangeStart', 'hashChangeComplete']) {
  const field = `on${event[0]!.toUpperCase()}${event.slice(1)}` as keyof EventFields;
  routerEvents.on(event, (...args: unknown[]) => Router[field]?.(...args));
}

export default Router;

/**
 * Gives a component (a class component, typically) the router as its `router` prop.
 *
 * @example
 * export default withRouter(class Nav extends Component<{ router: StratusRouter }> { … });
 */
export function withRouter<P extends { router: StratusRouter }>(Inner: ComponentType<P>): ComponentType<Omit<P, 'router'>> {
  function WithRouter(props: Omit<P, 'router'>) {
    return createElement(Inner, { ...props, router: useRouter() } as P);
  }
  WithRouter.displayName = `withRouter(${Inner.displayName ?? Inner.name ?? 'Component'})`;
  return WithRouter;
}
