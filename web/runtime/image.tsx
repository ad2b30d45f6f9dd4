/**
 * `<Image>`: an `<img>` whose `srcset` points at the image optimiser
 * (`/_app/image?url=&w=&q=`), with the widths of the configured sizes, so the browser
 * downloads no more pixels than it shows. Width and height are always rendered (or the
 * image fills its parent), so the page does not shift as images arrive. A static import
 * carries a tiny blurred preview for `placeholder="blur"`, shown until the image loads.
 *
 * @example
 * import Image from 'stratus/image';
 * import hero from './hero.jpg';
 * <Image src={hero} alt="The team" sizes="(max-width: 768px) 100vw, 50vw" placeholder="blur" priority />
 * <Image src="/avatars/ana.png" alt="Ana" width={64} height={64} />
 */
import type { CSSProperties, ImgHTMLAttributes, Ref, SyntheticEvent } from 'react';
import { getImageConfig, type ImageComponentConfig } from './shared/image-config';
import { closestQuality } from '../../contract/config';
import { IMAGE_PATH } from '../../contract/urls';
import { sitePaths } from './shared/site-paths';
import { imageLoader, type ImageLoader } from './shared/image-loader';

/** What `import photo from './photo.jpg'` gives. */
export interface StaticImageData {
  src: string;
  width: number;
  height: number;
  /** A few pixels of the image as a data URL (JPEG, PNG, WebP and AVIF imports), for `placeholder="blur"`. */
  blurDataURL?: string;
  blurWidth?: number;
  blurHeight?: number;
}

export type { ImageLoader };

export interface ImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height' | 'loading' | 'placeholder'> {
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
  /** Next 16's name for `priority`'s preload. */
  preload?: boolean;
  /** 1–100; the configured quality when left out. */
  quality?: number | `${number}`;
  /** Fill the positioned parent instead of having a size of its own. */
  fill?: boolean;
  /** Serve `src` as it is. */
  unoptimized?: boolean;
  loading?: 'lazy' | 'eager';
  /** Shown until the image loads: `blur` (the static import's preview, or `blurDataURL`), a `data:image/…` URL, or `empty`. */
  placeholder?: 'blur' | 'empty' | `data:image/${string}`;
  blurDataURL?: string;
  /** Builds each candidate's URL instead of the optimiser. */
  loader?: ImageLoader;
  /** The `src` attribute to render (the candidates stay). */
  overrideSrc?: string;
  /** Called with the element once the image has loaded (next/image's older callback). */
  onLoadingComplete?: (img: HTMLImageElement) => void;
  /** next/legacy/image's props, read as their modern equivalents. */
  layout?: 'fixed' | 'intrinsic' | 'responsive' | 'fill' | 'raw';
  objectFit?: CSSProperties['objectFit'];
  objectPosition?: CSSProperties['objectPosition'];
  lazyBoundary?: string;
  lazyRoot?: unknown;
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
 * The preview behind the image while it loads: the blurred data URL in an SVG that blurs it
 * (a few pixels scaled up would show as blocks), or a `data:` placeholder as it is.
 */
function placeholderStyle(placeholder: ImageProps['placeholder'], blur: string | undefined, staticData: StaticImageData | undefined, objectFit: CSSProperties['objectFit']): CSSProperties | undefined {
  let image: string | undefined;
  if (placeholder === 'blur' && blur) {
    const w = staticData?.blurWidth ?? 8;
    const h = staticData?.blurHeight ?? 8;
    const svg =
      `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${w} ${h}' preserveAspectRatio='none'>` +
      `<filter id='s' x='0' y='0' width='1' height='1'><feGaussianBlur stdDeviation='0.6' edgeMode='duplicate'/><feComponentTransfer><feFuncA type='discrete' tableValues='1 1'/></feComponentTransfer></filter>` +
      `<image width='${w}' height='${h}' preserveAspectRatio='none' filter='url(#s)' href='${blur}'/></svg>`;
    image = `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
  } else if (typeof placeholder === 'string' && placeholder.startsWith('data:image/')) {
    image = `url("${placeholder.replace(/"/g, '%22')}")`;
  }
  if (!image) return undefined;
  return { backgroundSize: objectFit && objectFit !== 'fill' && objectFit !== 'none' ? objectFit : 'cover', backgroundPosition: '50% 50%', backgroundRepeat: 'no-repeat', backgroundImage: image };
}

/**
 * The `<img>` attributes `<Image>` renders, for callers that build their own element
 * (a `<picture>`, a CSS background).
 */
export function getImageProps(props: ImageProps): ImgHTMLAttributes<HTMLImageElement> & { fetchPriority?: 'high' | 'low' | 'auto'; 'data-nimg': string } {
  const {
    src: source, width: widthProp, height: heightProp, sizes, priority: priorityProp, preload, quality, fill: fillProp, unoptimized, loading, style, placeholder, blurDataURL, loader: _loader, overrideSrc,
    onLoadingComplete: _onLoadingComplete, layout, objectFit, objectPosition, lazyBoundary: _lazyBoundary, lazyRoot: _lazyRoot, fetchPriority, ...rest
  } = props;
  const config = getImageConfig();
  // The `loader` prop, else the config's loaderFile, else the image function.
  const loader = props.loader ?? imageLoader;
  const staticData = typeof source === 'object' ? source : undefined;
  const src: string = typeof source === 'object' ? source.src : source;
  const priority = priorityProp || preload;
  // next/legacy/image's layouts: fill is `fill`, responsive scales with its container.
  const fill = fillProp || layout === 'fill';
  const legacyStyle: CSSProperties | undefined =
    objectFit || objectPosition || layout === 'responsive' ? { ...(objectFit ? { objectFit } : {}), ...(objectPosition ? { objectPosition } : {}), ...(layout === 'responsive' ? { width: '100%', height: 'auto' } : {}) } : undefined;
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
    config.unoptimized ||
    src.startsWith('data:') ||
    src.startsWith('blob:') ||
    (!loader && !config.dangerouslyAllowSVG && /\.svg(\?|#|$)/i.test(src));
  const preview = placeholderStyle(placeholder, blurDataURL ?? staticData?.blurDataURL, staticData, objectFit ?? style?.objectFit);
  const common = {
    ...rest,
    loading: priority ? undefined : (loading ?? 'lazy'),
    decoding: 'async' as const,
    fetchPriority: priority ? ('high' as const) : fetchPriority,
    width: fill ? undefined : width,
    height: fill ? undefined : height,
    'data-nimg': fill ? 'fill' : '1',
    // Transparent text: the alt text does not show while the image loads, as with Next's.
    style: { ...(fill ? FILL_STYLE : undefined), color: 'transparent', ...legacyStyle, ...style, ...preview },
  };
  if (asIs) return { ...common, src: overrideSrc ?? src, sizes };
  // The closest quality the image function answers (Next 16 takes the closest of images.qualities too).
  const q = closestQuality(config.qualities, Number(quality ?? config.quality));
  const urlOf = loader ? (w: number) => loader({ src, width: w, quality: quality === undefined ? undefined : Number(quality) }) : (w: number) => imageUrl(src, w, q);
  const { widths, descriptor } = candidateWidths(config, fill ? undefined : width, sizes ?? (layout === 'responsive' ? '100vw' : undefined));
  return {
    ...common,
    sizes: sizes ?? (descriptor === 'w' ? '100vw' : undefined),
    srcSet: widths.map((w, i) => `${urlOf(w)} ${descriptor === 'w' ? w : i + 1}${descriptor}`).join(', '),
    // Last candidate as `src`, for browsers without srcset.
    src: overrideSrc ?? urlOf(widths[widths.length - 1]!),
  };
}

const FILL_STYLE: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%' };

/** The source each image last finished loading: the preview and `onLoadingComplete` are done once per source. */
const finished = new WeakMap<HTMLImageElement, string>();

/** The image component; `stratus/image`'s default export. */
export default function Image(props: ImageProps & { ref?: Ref<HTMLImageElement> }) {
  const { ref, onLoad, onLoadingComplete } = props;
  const attributes = getImageProps(props);
  const previewed = attributes.style?.backgroundImage !== undefined;
  // Once loaded (before hydration too: `complete` when React attaches), the preview goes.
  const loaded = (img: HTMLImageElement) => {
    if (!img.complete || img.naturalWidth === 0 || finished.get(img) === img.currentSrc) return;
    finished.set(img, img.currentSrc);
    if (previewed) img.style.backgroundImage = img.style.backgroundSize = img.style.backgroundPosition = img.style.backgroundRepeat = '';
    onLoadingComplete?.(img);
  };
  // With `priority` the img is eager and `fetchPriority="high"`: React 19's server renderer
  // emits its preload link, which the page renderer moves into the document head.
  return (
    <img
      {...attributes}
      ref={(img) => {
        if (typeof ref === 'function') ref(img);
        else if (ref) (ref as { current: HTMLImageElement | null }).current = img;
        if (img && (previewed || onLoadingComplete)) loaded(img);
      }}
      onLoad={(event: SyntheticEvent<HTMLImageElement, Event>) => {
        onLoad?.(event);
        if (previewed || onLoadingComplete) loaded(event.currentTarget);
      }}
    />
  );
}
