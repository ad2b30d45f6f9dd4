/**
 * The image settings `<Image>` builds its URLs from. One module-level value, set once per
 * process: by the render core at cold start (from `manifest.config.images`) and by the
 * client entry before hydration (from the same config embedded in the page), so server
 * and browser produce identical `srcset`s.
 *
 * @example
 * import { setImageConfig } from './image-config';
 * setImageConfig(manifest.config.images);
 */
import { DEFAULT_DEVICE_SIZES, DEFAULT_IMAGE_QUALITY, DEFAULT_IMAGE_SIZES, type ResolvedImageConfig } from '../../../contract/config';

/** The part of the image config the component needs (keep it small: it ships to the browser). */
export type ImageComponentConfig = Pick<ResolvedImageConfig, 'deviceSizes' | 'imageSizes' | 'quality' | 'qualities' | 'dangerouslyAllowSVG' | 'unoptimized'>;

let current: ImageComponentConfig = {
  deviceSizes: DEFAULT_DEVICE_SIZES,
  imageSizes: DEFAULT_IMAGE_SIZES,
  quality: DEFAULT_IMAGE_QUALITY,
  qualities: [DEFAULT_IMAGE_QUALITY],
  dangerouslyAllowSVG: false,
};

/** Replaces the settings; fields left out keep their defaults. Extra fields are ignored. */
export function setImageConfig(config: Partial<ImageComponentConfig>): void {
  const sorted = (sizes: number[] | undefined, fallback: number[]) => [...(sizes ?? fallback)].sort((a, b) => a - b);
  current = {
    deviceSizes: sorted(config.deviceSizes, DEFAULT_DEVICE_SIZES),
    imageSizes: sorted(config.imageSizes, DEFAULT_IMAGE_SIZES),
    quality: config.quality ?? DEFAULT_IMAGE_QUALITY,
    qualities: config.qualities ?? [config.quality ?? DEFAULT_IMAGE_QUALITY],
    dangerouslyAllowSVG: config.dangerouslyAllowSVG ?? false,
    ...(config.unoptimized ? { unoptimized: true as const } : {}),
  };
}

/** The settings in force. */
export function getImageConfig(): ImageComponentConfig {
  return current;
}
