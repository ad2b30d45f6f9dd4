/**
 * The app's image loader (`images.loaderFile` in the config): the build compiles this module
 * as a re-export of that file's default export (cli/builder/plugins/image-loader.ts), so
 * `<Image>` builds every URL with it, in the server's HTML and in the browser alike.
 * Without one, none: `<Image>` uses the image function at `/_app/image`.
 */
import type { ImageLoader } from '../image';

export const imageLoader: ImageLoader | undefined = undefined;
