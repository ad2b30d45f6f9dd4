/**
 * Types of image imports, which cli/builder/plugins/image-import.ts turns into
 * `{ src, width, height }` (and a blur preview for JPEG, PNG, WebP and AVIF).
 *
 * @example
 * import photo from './photo.jpg';
 * <Image src={photo} alt="" />
 */
// StaticImageData (web/runtime/image.tsx), written out: this file is also checked under an app's
// own tsconfig, where importing the runtime's source would check that source under the app's options.
type StratusStaticImage = { src: string; width: number; height: number; blurDataURL?: string; blurWidth?: number; blurHeight?: number };

declare module '*.jpg' { const image: StratusStaticImage; export default image; }
declare module '*.jpeg' { const image: StratusStaticImage; export default image; }
declare module '*.png' { const image: StratusStaticImage; export default image; }
declare module '*.webp' { const image: StratusStaticImage; export default image; }
declare module '*.avif' { const image: StratusStaticImage; export default image; }
declare module '*.gif' { const image: StratusStaticImage; export default image; }
declare module '*.svg' { const image: StratusStaticImage; export default image; }
