/**
 * The pieces of a custom `pages/_document` (public as `stratus/document` and
 * `next/document`, web/runtime/document.tsx), which the server renders once per page around
 * the rendered page, never in the browser; and the slots the server fills in.
 *
 * @example
 * // pages/_document.tsx
 * import { Html, Head, Main, NextScript } from 'stratus/document';
 *
 * export default function Document() {
 *   return (
 *     <Html dir="ltr">
 *       <Head><link rel="icon" href="/favicon.ico" /></Head>
 *       <body className="site"><Main /><NextScript /></body>
 *     </Html>
 *   );
 * }
 */
import { Component, createContext, createElement, useContext, type ComponentType, type HTMLAttributes, type ReactNode } from 'react';
import type { InitialPropsContext, PageProps } from './page-types';

/** Where the server puts its own markup in the rendered document: one marker per slot, replaced after rendering. */
export const DOCUMENT_SLOTS = {
  /** `<meta charSet>` and the viewport: first in the head. */
  headStart: 'head-start',
  /** `<Head>` tags of the page and `_app`, resource hints, styles, script preloads. */
  headEnd: 'head-end',
  /** `<div id="__next">` with the rendered page. */
  main: 'main',
  /** The embedded data script and the module script that hydrates the page. */
  scripts: 'scripts',
} as const;

export type DocumentSlot = (typeof DOCUMENT_SLOTS)[keyof typeof DOCUMENT_SLOTS];

/** The marker a slot renders as; the server replaces it (React never renders this element from an app's text). */
export const slotMarker = (slot: DocumentSlot) => `<template data-stratus-slot="${slot}"></template>`;

/** What the server gives the document's pieces while it renders `_document`. */
export interface DocumentRenderState {
  /** The page's locale: `<Html>`'s `lang` unless the document sets one; undefined (no `lang`) in an app without `i18n`. */
  locale: string | undefined;
  /** `styles` from the document's `getInitialProps`, rendered at the end of `<Head>`. */
  styles?: ReactNode;
}

/** @internal The server's state for the document being rendered. */
export const DocumentStateContext = createContext<DocumentRenderState | null>(null);

function useDocumentState(piece: string): DocumentRenderState {
  const state = useContext(DocumentStateContext);
  if (!state) throw new Error(`<${piece}> from stratus/document renders only inside pages/_document, on the server.`);
  return state;
}

// A nonce (`<Head nonce>`, `<NextScript nonce>`) rides on the marker: the server puts it on the scripts and links it writes there.
const slot = (name: DocumentSlot, nonce?: string) => createElement('template', { 'data-stratus-slot': name, 'data-nonce': nonce });

/** `<html>` with its attributes; `lang` defaults to the page's locale, and is left out in an app without `i18n`, as in the pages router. */
export function Html(props: HTMLAttributes<HTMLHtmlElement>) {
  const { locale } = useDocumentState('Html');
  return createElement('html', locale === undefined ? props : { lang: locale, ...props });
}

/**
 * The document head: charset and viewport, its children, then what Stratus puts there (`<Head>` tags, styles, preloads).
 * `nonce` (a Content-Security-Policy nonce) goes on the links and scripts Stratus writes there, not on `<head>`.
 */
export function Head({ children, nonce, ...props }: HTMLAttributes<HTMLHeadElement>) {
  const { styles } = useDocumentState('Head');
  return createElement('head', props, slot(DOCUMENT_SLOTS.headStart), children, styles, slot(DOCUMENT_SLOTS.headEnd, nonce));
}

/** `<div id="__next">` with the rendered page: where the browser hydrates. */
export function Main() {
  useDocumentState('Main');
  return slot(DOCUMENT_SLOTS.main);
}

/** The page's data and the module script that hydrates it: put it at the end of `<body>`. `nonce` goes on both scripts. */
export function NextScript({ nonce }: { nonce?: string } = {}) {
  useDocumentState('NextScript');
  return slot(DOCUMENT_SLOTS.scripts, nonce);
}

/** What `ctx.renderPage()` gives: the rendered page's markup (and, as in the pages router, `head`). */
export interface RenderPageResult {
  html: string;
  head?: ReactNode[];
}

/** How `ctx.renderPage` may wrap `_app` and the page (CSS-in-JS libraries collect styles this way). */
export interface RenderPageOptions {
  enhanceApp?: (App: ComponentType<any>) => ComponentType<any>;
  enhanceComponent?: (Component: ComponentType<any>) => ComponentType<any>;
}

/**
 * What the document's static `getInitialProps` receives. `req` and `res`: the request of a page rendered per request (getServerSideProps, getInitialProps); for one rendered ahead, a request for its path without a visitor's headers. */
export interface DocumentContext extends InitialPropsContext {
  /** Renders the page (inside `_app`) now; the document's `<Main>` shows this markup. */
  renderPage(options?: RenderPageOptions | ((App: ComponentType<any>) => ComponentType<any>)): RenderPageResult;
  /** The default `getInitialProps`: `{ html, head, styles }` from `renderPage()`. */
  defaultGetInitialProps(ctx: DocumentContext): Promise<DocumentInitialProps>;
}

/** What the document's `getInitialProps` returns: the page markup, and styles for the head; more keys become the document's props. */
export interface DocumentInitialProps extends RenderPageResult {
  styles?: ReactNode;
  [key: string]: unknown;
}

/** The document component's props: its `getInitialProps` result, and the page's props. */
export type DocumentProps = DocumentInitialProps & { __NEXT_DATA__?: { props: { pageProps: PageProps } } };

/**
 * The default document, to extend: `class MyDocument extends Document { … }`. Its
 * `getInitialProps` renders the page as it is.
 */
export default class Document<P = {}> extends Component<DocumentProps & P> {
  static async getInitialProps(ctx: DocumentContext): Promise<DocumentInitialProps> {
    return ctx.defaultGetInitialProps(ctx);
  }

  override render(): ReactNode {
    return createElement(Html, null, createElement(Head), createElement('body', null, createElement(Main), createElement(NextScript)));
  }
}
