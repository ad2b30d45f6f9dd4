/** `next/link`: Stratus's Link, under the name pages-router apps and their libraries import. */
export { default } from '../link';
export type { LinkProps } from '../link';
