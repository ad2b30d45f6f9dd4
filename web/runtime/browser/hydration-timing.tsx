/**
 * The hydration's time for `reportWebVitals` (`Next.js-hydration`), measured by `_app` itself:
 * the client entry of an app whose `_app` exports `reportWebVitals` wraps `_app` in this (no
 * other app carries a byte of it). Hydration starts when React first renders `_app` and ends
 * when it has committed the page; then the reporter's chunk loads.
 */
import { useEffect } from 'react';
import type { AppComponent, AppComponentProps } from '../shared/page-types';
import type { HydrationTimes } from './web-vitals';

/** `App` that reports, once, how long the first render (the hydration) took. */
export function timedApp(App: AppComponent, hydrated: (times: HydrationTimes) => void): AppComponent {
  let start: number | undefined;
  let done = false;
  function TimedApp(props: AppComponentProps) {
    start ??= performance.now();
    useEffect(() => {
      if (done) return;
      done = true;
      hydrated({ start: start!, end: performance.now() });
    }, []);
    return <App {...props} />;
  }
  // `_app`'s getInitialProps, which the router calls on the component it is given.
  return Object.assign(TimedApp, { getInitialProps: App.getInitialProps }) as unknown as AppComponent;
}
