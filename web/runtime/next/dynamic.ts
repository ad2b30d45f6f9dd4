/** `next/dynamic`: Stratus's code-split components. */
export { default } from '../dynamic';
export type { DynamicLoadingProps, DynamicOptions, Loader } from '../dynamic';
