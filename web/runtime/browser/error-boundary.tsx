/**
 * Catches exceptions thrown while rendering the page in the browser. The app's `_error`
 * page takes its place when the app has one (`onError` loads it; nothing shows meanwhile),
 * else the client error page, with its title, until the next navigation.
 */
import { Component, type ReactNode } from 'react';
import { ClientErrorPage } from '../shared/error-page';
import { CLIENT_ERROR_TITLE } from '../shared/errors';
import Head from '../head';

interface Props {
  /** Changes on each navigation, which clears the error. */
  page: unknown;
  /** Told of the exception; true when the app's own error page is on its way. */
  onError?: (error: unknown) => boolean;
  children: ReactNode;
}

interface State {
  error: unknown;
  page: unknown;
  /** The app's error page is loading: render nothing rather than the built-in one. */
  custom: boolean;
}

/** The built-in page for an exception in the browser, with its title. */
export function ClientError() {
  return (
    <>
      <Head><title>{CLIENT_ERROR_TITLE}</title></Head>
      <ClientErrorPage />
    </>
  );
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, page: this.props.page, custom: false };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page threw a nullish value') };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.page !== state.page ? { error: null, page: props.page, custom: false } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    if (this.props.onError?.(error)) this.setState({ custom: true });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return this.state.custom ? null : <ClientError />;
  }
}
