/**
 * Browser entry: hydrates the server-rendered page with the embedded data.
 * (Soft navigation, prefetching and fallbacks build on this; see the client runtime issue.)
 */
import { hydrateRoot } from 'react-dom/client';
import type { ClientOptions, EmbeddedData } from './page-types';
import { RouterContext, type StratusRouter } from './router-context';
import { routerEvents, setCurrentRouter } from './router';
import { HeadManagerContext } from './head';
import { DefaultApp } from './default-app';

export function readEmbeddedData(): EmbeddedData {
  const element = document.getElementById('__STRATUS_DATA__');
  return JSON.parse(element?.textContent ?? '{}') as EmbeddedData;
}

export async function startClient(options: ClientOptions): Promise<void> {
  const data = readEmbeddedData();
  const route = options.routes.find((r) => r.pattern === data.page);
  const errorPage = data.page.startsWith('/') && !route ? options.errorPages[data.page.slice(1) as '404'] : undefined;
  const mod = route ? await route.load() : errorPage ? await errorPage() : null;
  if (!mod) return; // built-in error pages are static HTML: nothing to hydrate
  const App = options.App ?? DefaultApp;
  const router: StratusRouter = {
    pathname: data.page,
    query: data.query,
    asPath: location.pathname + location.search + location.hash,
    locale: data.locale,
    locales: data.locales,
    defaultLocale: data.defaultLocale,
    isFallback: data.isFallback,
    isReady: true,
    push: async (url) => { location.assign(String(url)); return true; },
    replace: async (url) => { location.replace(String(url)); return true; },
    back: () => history.back(),
    reload: () => location.reload(),
    prefetch: async () => undefined,
    events: routerEvents,
  };
  setCurrentRouter(router);
  const Page = mod.default;
  hydrateRoot(
    document.getElementById('__stratus')!,
    <HeadManagerContext.Provider value={null}>
      <RouterContext.Provider value={router}>
        <App Component={Page} pageProps={data.props.pageProps} />
      </RouterContext.Provider>
    </HeadManagerContext.Provider>,
  );
}
