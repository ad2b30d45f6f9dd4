/** React server rendering of one page (or error page) into a full HTML document. */
import { sitePaths } from '../../../web/runtime/shared/site-paths';
import { fontStyleTag } from '../../../web/runtime/shared/font-styles';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { DefaultApp } from '../../../web/runtime/shared/default-app';
import { HeadManagerContext, type HeadManager } from '../../../web/runtime/shared/head';
import { mergeHead, type HeadElement } from '../../../web/runtime/shared/head-manager';
import { routerPathname, type AppComponent, type AppComponentProps, type EmbeddedData, type PageProps, type ServerRequest, type ServerResponse } from '../../../web/runtime/shared/page-types';
import { RouterContext, type StratusRouter } from '../../../web/runtime/shared/router-context';
import { routerEvents } from '../../../web/runtime/shared/router-state';
import { renderDocument, type DocumentParts } from './document';
import { headMarkup } from './head-markup';
import { withServerRouter } from './runtime-state';
import { routerLocales } from '../../../web/runtime/shared/router-context';
import { newStyleCollector } from '../../../web/runtime/shared/style-collectors';

export interface PageRenderInput {
  App: AppComponent | undefined;
  Page: ComponentType<any>;
  props: PageProps;
  data: EmbeddedData;
  /** As shown in the address bar, without the locale prefix. */
  asPath: string;
  entryScripts: readonly string[];
  pageScripts: readonly string[];
  styles: readonly string[];
  /** Title used when the page sets none (error pages). */
  defaultTitle?: string;
  /**
   * `router.isReady` as the page renders here: false for a page rendered without the
   * request's query (a static or getStaticProps page, prerendered or not), which the browser
   * sets once hydrated, as in the pages router. @default true
   */
  isReady?: boolean;
  /** The request as `_document`'s `ctx.req` and `ctx.res`, made when the document reads them (a page rendered ahead gets one without a visitor's headers). */
  requestParts?: () => RequestParts;
}

/** The request in Node's shape, as the pages router gives it to data functions and `_document`. */
export interface RequestParts {
  req: ServerRequest;
  res?: ServerResponse;
}

function serverHead(): HeadManager & { elements(): HeadElement[] } {
  const instances = new Map<string, HeadElement[]>();
  return {
    update: (id, elements) => void instances.set(id, elements),
    remove: (id) => void instances.delete(id),
    elements: () => mergeHead([...instances.values()]),
  };
}

/** `<meta charSet>` and the viewport go first in the head, whoever set them. */
const isCharsetOrViewport = (e: HeadElement) => e.type === 'meta' && (e.props.charSet !== undefined || e.props.name === 'viewport');

const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

const notOnServer = () => {
  throw new Error('Router navigation methods cannot run during server rendering; call them in effects or event handlers.');
};

function serverRouter(data: EmbeddedData, asPath: string, isReady: boolean): StratusRouter {
  const pathname = routerPathname(data.page);
  return {
    pathname,
    route: pathname,
    basePath: sitePaths().basePath,
    query: data.query,
    asPath,
    ...routerLocales(data),
    isFallback: data.isFallback,
    isReady,
    push: notOnServer,
    replace: notOnServer,
    back: notOnServer,
    reload: notOnServer,
    prefetch: async () => undefined,
    beforePopState: () => undefined,
    events: routerEvents,
  };
}

/**
 * `_app`'s props: the page, its props, and what `_app.getInitialProps` returned besides
 * pageProps (kept beside pageProps in `data.props`, as in the page data). A literal when
 * there is nothing else, the common case: spreading `data.props` and then defining
 * `pageProps` again gave each request's object a hidden class of its own in V8, so two
 * property accesses a request (this store, React's read of `key`) missed their inline
 * caches; the handler answered ≈ 5 % more requests a CPU-second without it (issue 35).
 */
function appComponentProps(input: PageRenderInput, router: StratusRouter): AppComponentProps {
  const props = input.data.props;
  for (const key in props) if (key !== 'pageProps') return { ...props, Component: input.Page, pageProps: input.props, router };
  return { Component: input.Page, pageProps: input.props, router };
}

/** Renders the page inside `_app`, with `<Head>` tags in the document head. Throws what the page throws. */
export function renderPageDocument(input: PageRenderInput): string {
  return renderDocument(renderPageParts(input));
}

/** The rendered page and its head, ready for a document (Stratus's own or the app's `_document`). Throws what the page throws. */
export function renderPageParts(input: PageRenderInput): DocumentParts {
  const head = serverHead();
  const router = serverRouter(input.data, input.asPath, input.isReady ?? true);
  const App = input.App ?? DefaultApp;
  // styled-jsx's styles, in apps that use it (style-collectors.ts).
  const collector = newStyleCollector();
  const tree = createElement(
    HeadManagerContext.Provider,
    { value: head },
    createElement(RouterContext.Provider, { value: router }, createElement(App, appComponentProps(input, router))),
  );
  let body = withServerRouter(router, () => renderToString(collector ? collector.wrap(tree) : tree));
  // React 19 emits resource hints (e.g. the preload of an <img fetchPriority="high">) at the
  // start of renderToString's output; they belong in the document head.
  // (Most pages have none: a prefix test first, not the regex, which is ≈ 10× the cost.)
  const hints = body.startsWith('<link ') ? (body.match(LEADING_LINKS)?.[0] ?? '') : '';
  if (hints) body = body.slice(hints.length);
  let elements = head.elements();
  if (input.defaultTitle && !elements.some((e) => e.type === 'title')) {
    elements = [createElement('title', { key: 'title' }, input.defaultTitle) as unknown as HeadElement, ...elements];
  }
  const first = elements.filter(isCharsetOrViewport);
  return {
    // None without i18n (the embedded data has no locale then): `<html>` without `lang`, as the pages router writes it.
    lang: input.data.locale,
    headStart: headMarkup(first),
    // next/font stand-ins' rules (web/runtime/shared/font-styles.ts), so class names style the server's HTML too.
    head: headMarkup(elements.filter((e) => !first.includes(e))) + hints + fontStyleTag() + (collector ? collector.markup() : ''),
    body,
    data: input.data,
    entryScripts: input.entryScripts,
    pageScripts: input.pageScripts,
    styles: input.styles,
  };
}
