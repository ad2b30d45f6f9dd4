/**
 * Rendering a page through the app's `pages/_document` (`stratus/document`): the page is
 * rendered as usual (render-page.ts), then the document component, once, with static
 * markup; its `<Head>`, `<Main>` and `<NextScript>` leave markers that take Stratus's own
 * markup (document.ts). A document's static `getInitialProps` runs first, and may render
 * the page itself through `ctx.renderPage` (with `_app` or the page wrapped).
 * Apps without `_document` never come here (page-html.ts), so their pages pay nothing.
 */
import { createElement, Fragment, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import BaseDocument, {
  DocumentStateContext,
  type DocumentContext,
  type DocumentInitialProps,
  type DocumentSlot,
  type RenderPageOptions,
} from '../../../web/runtime/shared/document';
import { DefaultApp } from '../../../web/runtime/shared/default-app';
import { routerPathname } from '../../../web/runtime/shared/page-types';
import { documentSlotMarkup, type DocumentParts } from './document';
import { renderPageParts, type PageRenderInput, type RequestParts } from './render-page';

/** The default export of `pages/_document`. */
export type DocumentComponent = ComponentType<any> & {
  getInitialProps?: (ctx: DocumentContext) => Promise<DocumentInitialProps> | DocumentInitialProps;
};

const SLOT = /<template data-stratus-slot="([a-z-]+)"(?: data-nonce="([^"]*)")?><\/template>/g;

/** The document's markup around the page's parts: the markers replaced with Stratus's markup. */
function renderAround(Document: DocumentComponent, parts: DocumentParts, docProps: Partial<DocumentInitialProps>): string {
  const markup = renderToStaticMarkup(
    createElement(
      DocumentStateContext.Provider,
      { value: { locale: parts.lang, styles: docProps.styles } },
      createElement(Document, { ...docProps, __NEXT_DATA__: { props: parts.data.props } }),
    ),
  );
  let headStart = false;
  const filled = markup.replace(SLOT, (marker, name: DocumentSlot, nonce: string | undefined) => {
    if (name !== 'head-start') return documentSlotMarkup(parts, name, nonce) ?? marker;
    headStart = true;
    return '';
  });
  // The charset and viewport first in the head, as the pages router writes them: React puts the
  // document's own <link> and <meta> tags ahead of everything else it renders there.
  return '<!DOCTYPE html>' + (headStart ? filled.replace(HEAD_OPEN, (open) => open + parts.headStart) : filled);
}

const HEAD_OPEN = /<head(?:\s[^>]*)?>/;

/** `req` and `res` on the context, enumerable as the pages router's are, made once on first read of either. */
function withRequestParts(ctx: DocumentContext, make: () => RequestParts): void {
  let parts: RequestParts | undefined;
  const read = () => (parts ??= make());
  Object.defineProperties(ctx, {
    req: { get: () => read().req, enumerable: true, configurable: true },
    res: { get: () => read().res, enumerable: true, configurable: true },
  });
}

/** `renderPage`'s options applied: `_app` and the page as the document's `getInitialProps` wraps them. */
function enhanced(input: PageRenderInput, options: Parameters<DocumentContext['renderPage']>[0]): PageRenderInput {
  const { enhanceApp, enhanceComponent }: RenderPageOptions = typeof options === 'function' ? { enhanceApp: options } : (options ?? {});
  return {
    ...input,
    App: enhanceApp ? enhanceApp(input.App ?? DefaultApp) : input.App,
    Page: enhanceComponent ? enhanceComponent(input.Page) : input.Page,
  };
}

/**
 * The page's HTML document through the app's `_document`. Synchronous when the document
 * has no `getInitialProps` of its own; a promise otherwise. Throws (or rejects with) what
 * the page or the document throws.
 */
export function renderWithDocument(Document: DocumentComponent, input: PageRenderInput): string | Promise<string> {
  const getInitialProps = Document.getInitialProps;
  // The base class's getInitialProps only renders the page: no need to wait for it.
  if (!getInitialProps || getInitialProps === BaseDocument.getInitialProps) return renderAround(Document, renderPageParts(input), {});
  let rendered: DocumentParts | undefined;
  const { data } = input;
  const ctx: DocumentContext = {
    pathname: routerPathname(data.page),
    query: data.query,
    asPath: input.asPath,
    locale: data.locale,
    locales: data.locales,
    defaultLocale: data.defaultLocale,
    renderPage(options) {
      rendered = renderPageParts(enhanced(input, options));
      return { html: rendered.body, head: [] };
    },
    async defaultGetInitialProps(context) {
      const { html, head } = context.renderPage();
      return { html, head, styles: undefined };
    },
  };
  // A page rendered per request: `ctx.req` and `ctx.res` (made when read), as the pages router gives them (a CSP nonce middleware set, say).
  if (input.requestParts) withRequestParts(ctx, input.requestParts);
  return Promise.resolve(getInitialProps.call(Document, ctx)).then((docProps) => {
    const parts = rendered ?? renderPageParts(input);
    const body = typeof docProps?.html === 'string' ? docProps.html : parts.body;
    // Head entries the document adds (`head: [...initial.head, <meta …/>]`) go into the head,
    // after the page's own tags (`renderPage` gives none of those back: they are already there).
    const extra = Array.isArray(docProps?.head) ? docProps.head.filter((entry) => entry != null && entry !== false) : [];
    const head = extra.length > 0 ? parts.head + renderToStaticMarkup(createElement(Fragment, null, ...extra)) : parts.head;
    return renderAround(Document, { ...parts, body, head }, docProps ?? {});
  });
}
