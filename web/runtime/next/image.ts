/** `next/image`: Stratus's Image, with the same props (`src`, `width`, `height`, `fill`, `sizes`, `priority`, `quality`, …). */
export { default, getImageProps } from '../image';
export type { ImageProps, StaticImageData } from '../image';
