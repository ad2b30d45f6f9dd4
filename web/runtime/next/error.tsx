/**
 * `next/error`: the built-in error page as a component, e.g. `return <Error statusCode={404} />`
 * from a page whose data says the thing is gone. The document title follows the status.
 */
import { createElement } from 'react';
import { ErrorPage } from '../shared/error-page';
import type { InitialPropsContext } from '../shared/page-types';

export interface ErrorProps {
  statusCode: number;
  /** Overrides the status's title. */
  title?: string;
}

export default function Error({ statusCode, title }: ErrorProps) {
  return createElement('div', null, createElement(ErrorPage, { statusCode, title }));
}

/**
 * The status from the error page's context, as the pages router's `_error` reads it: the
 * response's (on the server), else the error's, else 404. A custom `pages/_error` returns
 * `Error.getInitialProps(ctx)` (Next's docs; Sentry's template, after reporting `ctx.err`).
 */
Error.getInitialProps = ({ res, err }: Pick<InitialPropsContext, 'res' | 'err'>): ErrorProps => ({
  statusCode: res ? res.statusCode : (err as { statusCode?: number } | undefined)?.statusCode ?? 404,
});
Error.displayName = 'ErrorPage';
