/**
 * Catches exceptions thrown while rendering the page in the browser and shows the client
 * error page in its place, with its title, until the next navigation.
 */
import { Component, type ReactNode } from 'react';
import { ClientErrorPage } from '../shared/error-page';
import { CLIENT_ERROR_TITLE } from '../shared/errors';
import Head from '../head';

interface Props {
  /** Changes on each navigation, which clears the error. */
  page: unknown;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: unknown; page: unknown }> {
  override state = { error: null as unknown, page: this.props.page };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page threw a nullish value') };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; page: unknown }) {
    return props.page !== state.page ? { error: null, page: props.page } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <>
        <Head><title>{CLIENT_ERROR_TITLE}</title></Head>
        <ClientErrorPage />
      </>
    );
  }
}
