/**
 * The app's image loader (`images.loaderFile` in the config): the build compiles this module
 * as a re-export of that file's default export (cli/builder/plugins/image-loader.ts), so
 * `<Image>` builds every URL with it, in the server's HTML and in the browser alike.
 * Without one, none: `<Image>` uses the image function at `/_app/image`.
 */
/** A custom loader: the URL of `src` at `width` (next/image's `loader` prop, or the config's loaderFile). */
export type ImageLoader = (props: { src: string; width: number; quality?: number }) => string;

export const imageLoader: ImageLoader | undefined = undefined;
