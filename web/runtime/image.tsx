/**
 * `<Image>`: an `<img>` whose `srcset` points at the image optimiser
 * (`/_app/image?url=&w=&q=`), with the widths of the configured sizes, so the browser
 * downloads no more pixels than it shows. Width and height are always rendered (or the
 * image fills its parent), so the page does not shift as images arrive.
 *
 * @example
 * import Image from 'stratus/image';
 * import hero from './hero.jpg';
 * <Image src={hero} alt="The team" sizes="(max-width: 768px) 100vw, 50vw" priority />
 * <Image src="/avatars/ana.png" alt="Ana" width={64} height={64} />
 */
import type { CSSProperties, ImgHTMLAttributes } from 'react';
import { getImageConfig, type ImageComponentConfig } from './shared/image-config';
import { closestQuality } from '../../contract/config';
import { IMAGE_PATH } from '../../contract/urls';
import { sitePaths } from './shared/site-paths';

/** What `import photo from './photo.jpg'` gives. */
export interface StaticImageData {
  src: string;
  width: number;
  height: number;
}

export interface ImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'loading'> {
  /** A site path, an allowed absolute URL, or a static import. */
  src: string | StaticImageData;
  alt: string;
  /** Rendered width in CSS pixels; taken from a static import when left out. */
  width?: number | `${number}`;
  height?: number | `${number}`;
  /** Media conditions of the rendered width (`(max-width: 768px) 100vw, 50vw`); picks width descriptors. */
  sizes?: string;
  /** Above the fold: load eagerly with high priority, and preload it in the head. */
  priority?: boolean;
  /** 1–100; the configured quality when left out. */
  quality?: number;
  /** Fill the positioned parent instead of having a size of its own. */
  fill?: boolean;
  /** Serve `src` as it is. */
  unoptimized?: boolean;
  loading?: 'lazy' | 'eager';
}


/** The optimiser URL of `src` at `width`. */
export function imageUrl(src: string, width: number, quality: number): string {
  return `${sitePaths().basePath}${IMAGE_PATH}?url=${encodeURIComponent(src)}&w=${width}&q=${quality}`;
}

/**
 * Candidate widths: for a fixed width, the smallest configured widths covering 1x and 2x;
 * with `sizes`, every width from the smallest that can serve the narrowest `vw` share of
 * the smallest device upward; otherwise every device width.
 */
function candidateWidths(
  config: ImageComponentConfig,
  width: number | undefined,
  sizes: string | undefined,
): { widths: number[]; descriptor: 'w' | 'x' } {
  const all = [...config.imageSizes, ...config.deviceSizes].sort((a, b) => a - b);
  if (sizes) {
    const shares = [...sizes.matchAll(/(^|\s)(1?\d?\d)vw/g)].map((match) => Number(match[2]));
    if (shares.length > 0) {
      const smallest = config.deviceSizes[0]! * Math.min(...shares) * 0.01;
      return { widths: all.filter((candidate) => candidate >= smallest), descriptor: 'w' };
    }
    return { widths: all, descriptor: 'w' };
  }
  if (width === undefined) return { widths: config.deviceSizes, descriptor: 'w' };
  const pick = (target: number) => all.find((candidate) => candidate >= target) ?? all[all.length - 1]!;
  return { widths: [...new Set([pick(width), pick(width * 2)])], descriptor: 'x' };
}

function toNumber(value: number | `${number}` | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The `<img>` attributes `<Image>` renders, for callers that build their own element
 * (a `<picture>`, a CSS background).
 */
export function getImageProps(props: ImageProps): ImgHTMLAttributes<HTMLImageElement> & { fetchPriority?: 'high' } {
  const { src: source, width: widthProp, height: heightProp, sizes, priority, quality, fill, unoptimized, loading, style, ...rest } = props;
  const config = getImageConfig();
  const staticData = typeof source === 'object' ? source : undefined;
  const src: string = typeof source === 'object' ? source.src : source;
  let width = toNumber(widthProp);
  let height = toNumber(heightProp);
  if (staticData && !fill) {
    // One dimension given: derive the other from the file's aspect ratio.
    if (width === undefined && height === undefined) [width, height] = [staticData.width, staticData.height];
    else if (height === undefined) height = Math.round((width! * staticData.height) / staticData.width);
    else if (width === undefined) width = Math.round((height * staticData.width) / staticData.height);
  }
  if (!fill && (width === undefined || height === undefined)) {
    throw new Error(
      `Image with src "${src}" needs "width" and "height" (or "fill", or a static import): without them the page shifts as it loads.`,
    );
  }
  const asIs =
    unoptimized ||
    src.startsWith('data:') ||
    src.startsWith('blob:') ||
    (!config.dangerouslyAllowSVG && /\.svg(\?|#|$)/i.test(src));
  const common = {
    ...rest,
    loading: priority ? undefined : (loading ?? 'lazy'),
    decoding: 'async' as const,
    fetchPriority: priority ? ('high' as const) : undefined,
    width: fill ? undefined : width,
    height: fill ? undefined : height,
    // Transparent text: the alt text does not show while the image loads, as with Next's.
    style: fill ? { ...FILL_STYLE, color: 'transparent', ...style } : { color: 'transparent', ...style },
  };
  if (asIs) return { ...common, src, sizes };
  // The closest quality the image function answers (Next 16 takes the closest of images.qualities too).
  const q = closestQuality(config.qualities, Number(quality ?? config.quality));
  const { widths, descriptor } = candidateWidths(config, fill ? undefined : width, sizes);
  return {
    ...common,
    sizes: sizes ?? (descriptor === 'w' ? '100vw' : undefined),
    srcSet: widths.map((w, i) => `${imageUrl(src, w, q)} ${descriptor === 'w' ? w : i + 1}${descriptor}`).join(', '),
    // Last candidate as `src`, for browsers without srcset.
    src: imageUrl(src, widths[widths.length - 1]!, q),
  };
}

const FILL_STYLE: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%' };

/** The image component; `stratus/image`'s default export. */
export default function Image(props: ImageProps) {
  const attributes = getImageProps(props);
  // With `priority` the img is eager and `fetchPriority="high"`: React 19's server renderer
  // emits its preload link, which the page renderer moves into the document head.
  return <img {...attributes} />;
}
