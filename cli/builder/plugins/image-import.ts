/**
 * esbuild plugin: `import photo from './photo.jpg'` gives `{ src, width, height }` (and a
 * few pixels of it as `blurDataURL`, for `placeholder="blur"`) and emits the file once as a
 * content-hashed static asset, so `<Image src={photo}>` knows its size without layout shift
 * and the file can be cached forever. The client and server
 * builds both use it and agree on the names, since the hash is of the content.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { getSharp } from '../../../lambdas/image/sharp';

export interface ImageImportOptions {
  /** The build's asset folder (`<out>/assets`), uploaded to S3 as is. */
  assetsDir: string;
  /** URL prefix of emitted files; they are written under the same path inside `assetsDir`. */
  publicPath: string;
}

const IMAGE_FILE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
const NAMESPACE = 'stratus-image';

/**
 * @example
 * await esbuild.build({ ..., plugins: [imageImportPlugin({ assetsDir: 'dist/assets', publicPath: '/_app/static/media/' })] });
 */
export function imageImportPlugin(options: ImageImportOptions): Plugin {
  const outDir = path.join(options.assetsDir, ...options.publicPath.split('/').filter(Boolean));
  return {
    name: 'stratus-image-import',
    setup(build) {
      build.onResolve({ filter: IMAGE_FILE }, (args) => {
        // Only JS imports; CSS `url()` references stay with esbuild's own loaders.
        if (args.kind !== 'import-statement' && args.kind !== 'require-call' && args.kind !== 'dynamic-import') {
          return undefined;
        }
        if (/^[a-z]+:/i.test(args.path)) return undefined;
        return { path: path.resolve(args.resolveDir, args.path), namespace: NAMESPACE };
      });

      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        let bytes: Buffer;
        try {
          bytes = readFileSync(args.path);
        } catch {
          return { errors: [{ text: `Image not found: ${args.path}` }] };
        }
        const size = await measure(bytes);
        if (!size) return { errors: [{ text: `Could not read the size of ${args.path}: sharp cannot read it as an image.` }] };
        const { width, height } = size;
        const extension = path.extname(args.path).slice(1).toLowerCase();
        const fileName = emitHashed(bytes, args.path, outDir);
        const blur = await blurPreview(bytes, extension, width, height);
        const data = { src: options.publicPath + fileName, width, height, ...blur };
        return { contents: `export default ${JSON.stringify(data)};`, loader: 'js', watchFiles: [args.path] };
      });
    },
  };
}

/** The longest side of a blur preview, in pixels: enough for its colours, a few hundred bytes. */
const BLUR_SIZE = 8;
const BLURRED = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif']);

/**
 * A static import's `placeholder="blur"` preview: the image at most 8 pixels a side, upright,
 * as a data URL (PNG for AVIF, whose encoder is slow and whose decoders are not everywhere).
 */
async function blurPreview(bytes: Buffer, extension: string, width: number, height: number): Promise<{ blurDataURL: string; blurWidth: number; blurHeight: number } | undefined> {
  if (!BLURRED.has(extension)) return undefined;
  const scale = BLUR_SIZE / Math.max(width, height);
  const blurWidth = Math.max(1, Math.round(width * Math.min(1, scale)));
  const blurHeight = Math.max(1, Math.round(height * Math.min(1, scale)));
  try {
    const resized = getSharp()(bytes, { limitInputPixels: false }).rotate().resize(blurWidth, blurHeight, { fit: 'fill' });
    const [format, encoded] =
      extension === 'png' || extension === 'avif' ? ['png', resized.png()] : extension === 'webp' ? ['webp', resized.webp({ quality: 70 })] : ['jpeg', resized.jpeg({ quality: 70 })];
    const data = await encoded.toBuffer();
    return { blurDataURL: `data:image/${format};base64,${data.toString('base64')}`, blurWidth, blurHeight };
  } catch {
    // A file sharp measured but cannot resize: no preview.
    return undefined;
  }
}

/**
 * Writes a file the app imports into `outDir` once, under its name and a hash of its content
 * (`photo.1a2b3c4d.jpg`), so the client and server builds agree on it; gives that name.
 */
export function emitHashed(bytes: Buffer, file: string, outDir: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  const name = path.basename(file, path.extname(file)).replace(/[^A-Za-z0-9_-]+/g, '-');
  const fileName = `${name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.${extension}`;
  const target = path.join(outDir, fileName);
  if (!existsSync(target)) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(target, bytes);
  }
  return fileName;
}

/** Displayed size: EXIF orientation applied, as the optimiser will serve it. */
async function measure(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const metadata = await getSharp()(bytes, { limitInputPixels: false }).metadata();
    const upright = metadata.autoOrient ?? metadata;
    if (upright.width && upright.height) return { width: upright.width, height: upright.height };
  } catch {
    // Not an image: the caller reports it.
  }
  return undefined;
}
