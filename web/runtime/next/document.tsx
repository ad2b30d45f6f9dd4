/** `next/document`: the pieces of a custom `pages/_document` (see `stratus/document`). */
export { default, Html, Head, Main, NextScript } from '../document';
export type { DocumentContext, DocumentInitialProps, DocumentProps, RenderPageResult } from '../document';
