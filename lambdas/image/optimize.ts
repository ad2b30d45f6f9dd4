/**
 * The sharp pipeline: checks what the bytes are, refuses what is too big to decode, and
 * resizes to the requested width in the negotiated format. Animated GIF/WebP and SVG
 * pass through untouched.
 */
import { HttpError } from '../shared/http-error';
import { jpegMayCarryExif } from './jpeg-exif';
import { getSharp, type SharpInstance, type SharpMetadata } from './sharp';

export interface OptimizeOptions {
  width: number;
  quality: number;
  /** Negotiated output type (`image/webp`…), or undefined to keep the source's format. */
  format: string | undefined;
  dangerouslyAllowSVG: boolean;
  /** Most pixels (width × height × frames) an input may declare before it is decoded. */
  maxInputPixels: number;
}

export interface OptimizedImage {
  buffer: Buffer;
  contentType: string;
  /** File extension for `Content-Disposition`. */
  extension: string;
}

/** Default pixel limit: 100 megapixels, well under what a 1.5 GB Lambda can decode. */
export const DEFAULT_MAX_INPUT_PIXELS = 100_000_000;

export const INVALID_IMAGE_MESSAGE = "The requested resource isn't a valid image.";
export const SVG_NOT_ALLOWED_MESSAGE = '"url" parameter is valid but image type is not allowed';

/** sharp's format names → the MIME type and extension the source keeps when not converted. */
const SOURCE_FORMATS: Record<string, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  heif: { contentType: 'image/avif', extension: 'avif' },
  svg: { contentType: 'image/svg+xml', extension: 'svg' },
};

const OUTPUT_EXTENSIONS: Record<string, string> = {
  'image/avif': 'avif',
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

/**
 * Resizes `input` to `width` (never enlarging), upright per its EXIF orientation, with
 * metadata stripped.
 *
 * @throws HttpError 400 for bytes that are not an image, a decompression bomb or a refused SVG.
 * @example
 * const out = await optimizeImage(jpeg, { width: 640, quality: 75, format: 'image/webp', dangerouslyAllowSVG: false, maxInputPixels: DEFAULT_MAX_INPUT_PIXELS });
 */
export async function optimizeImage(input: Buffer, options: OptimizeOptions): Promise<OptimizedImage> {
  const still = stillFormatOf(input);
  if (still) {
    // JPEG and PNG are one frame and never SVG: no header read first (~0.2 ms and a thread-pool
    // round trip per image); sharp's own pixel limit refuses a bomb before decoding, and a
    // failure is explained by the full checks below.
    try {
      return await resize(input, options, still);
    } catch {
      // Falls through to the checks, which name what is wrong.
    }
  }
  const sharp = getSharp();
  let metadata: SharpMetadata;
  try {
    // Reads the header only, so a bomb is caught here before anything is decoded.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, INVALID_IMAGE_MESSAGE);
  }
  const source = metadata.format ? SOURCE_FORMATS[metadata.format] : undefined;
  if (metadata.format === 'svg') {
    if (!options.dangerouslyAllowSVG) throw new HttpError(400, SVG_NOT_ALLOWED_MESSAGE);
    return { buffer: input, ...source! };
  }
  const frames = metadata.pages ?? 1;
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * frames;
  if (pixels > options.maxInputPixels) {
    throw new HttpError(
      400,
      `The requested resource is too large: ${metadata.width}×${metadata.height} pixels` +
        `${frames > 1 ? ` × ${frames} frames` : ''}, the limit is ${options.maxInputPixels} pixels.`,
    );
  }
  if (frames > 1 && (metadata.format === 'gif' || metadata.format === 'webp')) {
    // Re-encoding animations is slow and lossy; browsers size them fine as they are.
    return { buffer: input, ...source! };
  }
  // A still image's resize failed above already; it would fail the same way again (and decode a corrupt file twice).
  if (still) throw new HttpError(400, INVALID_IMAGE_MESSAGE);
  try {
    return await resize(input, options, source);
  } catch {
    // Decoding failed part-way (truncated or corrupt data): the input's fault, not ours.
    throw new HttpError(400, INVALID_IMAGE_MESSAGE);
  }
}

/** JPEG or PNG by their signatures: formats that are always a single still image. */
function stillFormatOf(input: Buffer): { contentType: string; extension: string } | undefined {
  if (input.length > 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return SOURCE_FORMATS.jpeg;
  if (input.length > 8 && input.readUInt32BE(0) === 0x89504e47 && input.readUInt32BE(4) === 0x0d0a1a0a) return SOURCE_FORMATS.png;
  return undefined;
}

/** The resize itself, upright, in the negotiated format (or the source's). Rejects when sharp cannot decode or the pixel limit is passed. */
async function resize(input: Buffer, options: OptimizeOptions, source: { contentType: string } | undefined): Promise<OptimizedImage> {
  const contentType = options.format ?? source?.contentType ?? 'image/jpeg';
  const decoded = getSharp()(input, { limitInputPixels: options.maxInputPixels, failOn: 'error' });
  // A JPEG without EXIF is upright already; every other input may carry an orientation.
  const upright = source?.contentType === 'image/jpeg' && !jpegMayCarryExif(input) ? decoded : decoded.autoOrient();
  const pipeline = upright.resize({ width: options.width, withoutEnlargement: true });
  const buffer = await encode(pipeline, contentType, options.quality).toBuffer();
  return { buffer, contentType, extension: OUTPUT_EXTENSIONS[contentType]! };
}

function encode(pipeline: SharpInstance, contentType: string, quality: number): SharpInstance {
  switch (contentType) {
    case 'image/avif':
      // effort 3 of 9: AVIF's default effort costs several times the CPU for little gain.
      return pipeline.avif({ quality, effort: 3 });
    case 'image/webp':
      return pipeline.webp({ quality });
    case 'image/png':
      return pipeline.png({ quality });
    case 'image/gif':
      return pipeline.gif();
    default:
      return pipeline.jpeg({ quality, mozjpeg: true });
  }
}
