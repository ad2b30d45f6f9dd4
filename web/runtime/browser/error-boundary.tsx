/**
 * Catches exceptions thrown while rendering the page in the browser. `onError` says what
 * takes its place: the client error page (its module loads on the first error, so nothing
 * shows meanwhile), or nothing while the app's `_error` page is on its way (start-client.tsx
 * shows it as the page). It stays until the next navigation.
 */
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { devHooks } from '../shared/dev-hooks';

interface Props {
  /** Changes on each navigation, which clears the error. */
  page: unknown;
  /** Told of the exception; resolves to the component to show instead, or undefined to show nothing. */
  onError: (error: unknown) => Promise<ComponentType | undefined>;
  children: ReactNode;
}

interface State {
  error: unknown;
  page: unknown;
  Fallback?: ComponentType;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, page: this.props.page };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page threw a nullish value') };
  }

  static getDerivedStateFromProps(props: Props, state: State) {
    return props.page !== state.page ? { error: null, page: props.page, Fallback: undefined } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error);
    // `stratus dev`'s overlay shows it with its stack; production builds drop this line.
    if (process.env.NODE_ENV !== 'production') devHooks()?.caught(error, info.componentStack);
    const page = this.props.page;
    void this.props.onError(error).then((Fallback) => Fallback && this.state.page === page && this.setState({ Fallback }), () => undefined);
  }

  override render() {
    const { error, Fallback } = this.state;
    return !error ? this.props.children : Fallback ? <Fallback /> : null;
  }
}
