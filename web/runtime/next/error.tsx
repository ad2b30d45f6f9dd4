/**
 * `next/error`: the built-in error page as a component, e.g. `return <Error statusCode={404} />`
 * from a page whose data says the thing is gone. The document title follows the status.
 */
import { createElement } from 'react';
import { ErrorPage } from '../shared/error-page';

export interface ErrorProps {
  statusCode: number;
  /** Overrides the status's title. */
  title?: string;
}

export default function Error({ statusCode, title }: ErrorProps) {
  return createElement('div', null, createElement(ErrorPage, { statusCode, title }));
}
