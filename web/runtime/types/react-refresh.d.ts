/** The part of React Refresh's runtime (the `react-refresh` package, which ships no types) that `stratus dev` uses. */
declare module 'react-refresh/runtime' {
  export function injectIntoGlobalHook(globalObject: typeof globalThis): void;
  export function register(type: unknown, id: string): void;
  export function createSignatureFunctionForTransform(): (type: unknown, key: string, forceReset?: boolean, getCustomHooks?: () => unknown[]) => unknown;
  export function performReactRefresh(): unknown;
  export function isLikelyComponentType(value: unknown): boolean;
}
