/**
 * The app's HTML documents: a route's page with its props, and the error pages (the app's
 * own `404`/`500`/`_error` when it has one, else the built-in page), each with the
 * manifest's scripts and styles and the data the browser hydrates from.
 */
import type { ComponentType } from 'react';
import type { Manifest } from '../../contract/manifest';
import { ErrorPage } from '../../web/runtime/shared/error-page';
import { chooseErrorPage, type ErrorPageName } from '../../web/runtime/shared/error-page-choice';
import { errorTitle } from '../../web/runtime/shared/errors';
import { BUILT_IN_ERROR_PAGE, type ApiModule, type AppComponent, type EmbeddedData, type PageModule, type PageProps } from '../../web/runtime/shared/page-types';
import { logError } from '../shared/log';
import type { PageRequest, Query } from './outcome';
import { renderPageDocument } from './render-page';

/** The page components compiled into the render function. */
export interface AppModules {
  /** Page modules by route pattern. */
  pages: Record<string, PageModule>;
  /** API route modules by route pattern (`/api/users/[id]`); none when absent. */
  apis?: Record<string, ApiModule>;
  App?: AppComponent;
  errorPages: Partial<Record<ErrorPageName, { default: ComponentType<any> }>>;
}

export interface PageHtml {
  /** The page's document; throws what the page (or `_app`) throws. */
  page(page: PageRequest, props: PageProps, query: Query, isFallback: boolean): string;
  /** The error page's document for a status; never throws (a failing custom page gives way to the built-in one). */
  error(statusCode: number, locale: string, asPath: string): string;
}

export function createPageHtml(modules: AppModules, manifest: Manifest): PageHtml {
  const { buildId, config } = manifest;

  function embedded(page: string, query: Query, props: PageProps, locale: string, extra: Partial<EmbeddedData>): EmbeddedData {
    return { buildId, page, query, props: { pageProps: props }, locale, locales: config.locales, defaultLocale: config.defaultLocale, isFallback: false, ...extra };
  }

  function scriptsOf(page: string): string[] {
    const route = manifest.routes.find((r) => r.pattern === page);
    return route?.scripts ?? manifest.errorScripts[page] ?? [];
  }

  function builtInError(statusCode: number, locale: string): string {
    return renderPageDocument({
      App: undefined,
      Page: ErrorPage,
      props: { statusCode },
      data: embedded(BUILT_IN_ERROR_PAGE, {}, { statusCode }, locale, { statusCode }),
      asPath: '/',
      entryScripts: manifest.entryScripts,
      pageScripts: [],
      styles: [],
      defaultTitle: errorTitle(statusCode),
    });
  }

  return {
    page(page, props, query, isFallback) {
      return renderPageDocument({
        App: modules.App,
        Page: page.module.default,
        props,
        data: embedded(page.route.pattern, query, props, page.locale, { isFallback }),
        asPath: page.path + (page.search.size ? `?${page.search}` : ''),
        entryScripts: manifest.entryScripts,
        pageScripts: page.route.scripts,
        styles: manifest.styles,
      });
    },

    error(statusCode, locale, asPath) {
      const name = chooseErrorPage(statusCode, (page) => modules.errorPages[page] !== undefined);
      const custom = name && modules.errorPages[name];
      if (custom) {
        try {
          return renderPageDocument({
            App: modules.App,
            Page: custom.default,
            props: { statusCode },
            data: embedded(`/${name}`, {}, { statusCode }, locale, { statusCode }),
            asPath,
            entryScripts: manifest.entryScripts,
            pageScripts: scriptsOf(`/${name}`),
            styles: manifest.styles,
            defaultTitle: errorTitle(statusCode),
          });
        } catch (error) {
          logError(error, { msg: `the app's ${name} page failed; serving the built-in page`, statusCode });
        }
      }
      return builtInError(statusCode, locale);
    },
  };
}
