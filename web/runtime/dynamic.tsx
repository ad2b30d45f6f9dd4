/**
 * `stratus/dynamic` (also `next/dynamic`): a component whose code loads in its own chunk.
 *
 * @example
 * import dynamic from 'stratus/dynamic';
 * const Chart = dynamic(() => import('../components/chart'), { loading: () => <p>Loading…</p> });
 * const Map = dynamic(() => import('../components/map').then((m) => m.Map), { ssr: false });
 *
 * With `ssr` (the default) the component renders on the server, and the browser loads its
 * chunk before hydrating; with `ssr: false` the server and the first browser render show
 * `loading` (or nothing), and the component loads after the page is interactive.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { trackDynamicLoad } from './shared/dynamic-loads';

type Loaded<P> = ComponentType<P> | { default: ComponentType<P> };
export type Loader<P> = () => Promise<Loaded<P>>;

/** Props of the `loading` component. */
export interface DynamicLoadingProps {
  error?: Error | null;
  isLoading?: boolean;
  pastDelay?: boolean;
  retry?: () => void;
  timedOut?: boolean;
}

export interface DynamicOptions<P> {
  /** Shown while the chunk loads, and with `error` set when it failed. */
  loading?: ComponentType<DynamicLoadingProps>;
  /** Render on the server too. @default true */
  ssr?: boolean;
  /** The loader, when the options are the only argument (or the `import()` promise itself). */
  loader?: Loader<P> | Promise<Loaded<P>>;
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | null)?.then === 'function';

function componentOf<P>(loaded: Loaded<P>): ComponentType<P> {
  return typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : (loaded as ComponentType<P>);
}

export default function dynamic<P extends object = Record<string, unknown>>(
  loaderOrOptions: Loader<P> | Promise<Loaded<P>> | DynamicOptions<P>,
  options: DynamicOptions<P> = {},
): ComponentType<P> {
  // `dynamic(import('./x'))`, the promise itself, is taken as the pages router takes it.
  const settings: DynamicOptions<P> = typeof loaderOrOptions === 'function' || isPromise(loaderOrOptions) ? { ...options, loader: loaderOrOptions } : { ...loaderOrOptions, ...options };
  const given = settings.loader;
  if (!given) throw new Error('dynamic() needs a loader: dynamic(() => import("./component"))');
  const loader: Loader<P> = isPromise(given) ? () => given : given;
  const ssr = settings.ssr !== false;
  const Loading = settings.loading;
  const state: { Component?: ComponentType<P>; error?: Error; promise?: Promise<void> } = {};

  function load(): Promise<void> {
    state.promise ??= loader!().then(
      (loaded) => void (state.Component = componentOf(loaded)),
      (error: unknown) => void (state.error = error instanceof Error ? error : new Error(String(error))),
    );
    return state.promise;
  }
  // Components rendered on the server load with their module, on both sides.
  if (ssr) trackDynamicLoad(load());

  function DynamicComponent(props: P) {
    const [mounted, setMounted] = useState(ssr);
    const [, setLoaded] = useState(0);
    useEffect(() => {
      if (!mounted) setMounted(true);
      if (!state.Component && !state.error) void load().then(() => setLoaded((n) => n + 1));
    }, [mounted]);
    // \`mounted\` starts as \`ssr\`: on the server it stays so; in the browser an \`ssr: false\`
    // component renders \`loading\` at hydration, as the server did, then itself.
    if (mounted && state.Component) return createElement(state.Component, props);
    if (state.error && !Loading) throw state.error;
    return Loading ? createElement(Loading, { error: state.error ?? null, isLoading: !state.error, pastDelay: true, timedOut: false }) : null;
  }
  DynamicComponent.displayName = 'Dynamic';
  return DynamicComponent;
}
