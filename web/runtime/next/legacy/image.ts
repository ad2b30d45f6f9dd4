/**
 * `next/legacy/image`: the same component as `next/image`. The legacy `layout` and
 * `objectFit` props are not read (see docs/NEXT-COMPAT.md); `fill` and `style` replace them.
 */
export { default } from '../../image';
export type { ImageProps } from '../../image';
