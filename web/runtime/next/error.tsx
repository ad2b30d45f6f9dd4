/**
 * `next/error`: the built-in error page as a component, e.g. `return <Error statusCode={404} />`
 * from a page whose data says the thing is gone. The document title follows the status.
 */
import { createElement } from 'react';
import Head from '../head';
import { ErrorPage } from '../shared/error-page';
import { errorTitle } from '../shared/errors';

export interface ErrorProps {
  statusCode: number;
  /** Overrides the status's title. */
  title?: string;
}

export default function Error({ statusCode, title }: ErrorProps) {
  return createElement(
    'div',
    null,
    createElement(Head, null, createElement('title', null, title ? `${statusCode}: ${title}` : errorTitle(statusCode))),
    createElement(ErrorPage, { statusCode }),
  );
}
