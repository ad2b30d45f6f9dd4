/**
 * `stratus/document` (and `next/document`): the pieces of a custom `pages/_document`, which
 * the server renders once per page around the rendered page, never in the browser.
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
export { default, Html, Head, Main, NextScript } from './shared/document';
export type { DocumentContext, DocumentInitialProps, DocumentProps, RenderPageOptions, RenderPageResult } from './shared/document';
