/**
 * The image function skips sharp's autoOrient() for JPEGs that cannot carry an EXIF
 * orientation. Wrongly saying "no EXIF" would serve a photo sideways, so: sharp's own view
 * of real files as the oracle, generated header layouts with and without an EXIF segment
 * anywhere among them, cut-off and random bytes (never "no EXIF" when the walk cannot
 * finish), and the resized output byte for byte against sharp with autoOrient().
 */
import fc from 'fast-check';
import { jpegMayCarryExif } from '../../../lambdas/image/jpeg-exif';
import { DEFAULT_MAX_INPUT_PIXELS, optimizeImage } from '../../../lambdas/image/optimize';
import { getSharp } from '../../../lambdas/image/sharp';
import { makeJpeg, makeRotatedJpeg } from '../../fixtures/images/fixtures';
import { checkProperty } from '../../helpers/property';

const SOI = [0xff, 0xd8];
const SOS = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
const EOI = [0xff, 0xd9];

/** A marker segment: marker, two-byte length (itself included), payload. */
function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

const exifSegment = (rest: number[]) => segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...rest]);

const bytesArb = (maxLength: number) => fc.array(fc.integer({ min: 0, max: 255 }), { maxLength });

/**
 * A header segment that is not EXIF: another APPn, an APP1 of other data (XMP), a comment,
 * tables, a frame header, a restart interval; or 0xFF fill bytes before the next marker.
 */
const otherSegmentArb = fc.oneof(
  fc.tuple(fc.integer({ min: 0xe0, max: 0xef }).filter((m) => m !== 0xe1), bytesArb(40)).map(([m, p]) => segment(m, p)),
  bytesArb(40).map((p) => segment(0xe1, [0x68, 0x74, 0x74, 0x70, 0x3a, ...p])),
  bytesArb(40).map((p) => segment(0xfe, p)),
  fc.tuple(fc.constantFrom(0xdb, 0xc0, 0xc4, 0xdd), bytesArb(70)).map(([m, p]) => segment(m, p)),
  fc.integer({ min: 1, max: 3 }).map((n) => Array<number>(n).fill(0xff)),
);

interface Layout {
  before: number[][];
  exif: number[] | undefined;
  after: number[][];
  scanData: number[];
}

const layoutArb: fc.Arbitrary<Layout> = fc.record({
  before: fc.array(otherSegmentArb, { maxLength: 6 }),
  exif: fc.option(bytesArb(60), { nil: undefined }),
  after: fc.array(otherSegmentArb, { maxLength: 6 }),
  scanData: bytesArb(30),
});

const headersOf = ({ before, exif, after }: Layout) => [...before.flat(), ...(exif ? exifSegment(exif) : []), ...after.flat()];

function assemble(layout: Layout): Uint8Array {
  return Uint8Array.from([...SOI, ...headersOf(layout), ...SOS, ...layout.scanData, ...EOI]);
}

describe('jpegMayCarryExif', () => {
  it('agrees with sharp on real files: no metadata, each orientation, an ICC profile beside it', async () => {
    const sharp = getSharp();
    const plain = await makeJpeg(64, 48);
    expect((await sharp(plain).metadata()).orientation).toBeUndefined();
    expect(jpegMayCarryExif(plain)).toBe(false);

    const rotated = await makeRotatedJpeg();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    expect(jpegMayCarryExif(rotated)).toBe(true);

    for (const orientation of [2, 3, 4, 5, 7, 8]) {
      const file = await sharp(plain).withMetadata({ orientation }).jpeg().toBuffer();
      expect((await sharp(file).metadata()).orientation).toBe(orientation);
      expect(jpegMayCarryExif(file)).toBe(true);
    }
    const withIcc = await sharp(plain).withIccProfile('srgb').withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(withIcc).metadata()).icc).toBeDefined();
    expect(jpegMayCarryExif(withIcc)).toBe(true);
  });

  it('finds EXIF that sits after the tables, where libjpeg still reads it', async () => {
    const rotated = await makeRotatedJpeg();
    // Split into segments up to the scan, and move the EXIF segment to just before the frame header (SOF0).
    const segments: Buffer[] = [];
    let at = 2;
    while (rotated[at + 1] !== 0xda) {
      const length = rotated.readUInt16BE(at + 2);
      segments.push(rotated.subarray(at, at + 2 + length));
      at += 2 + length;
    }
    const exif = segments.find((s) => s[1] === 0xe1)!;
    const rest = segments.filter((s) => s !== exif);
    const frame = rest.findIndex((s) => s[1] === 0xc0);
    expect(frame).toBeGreaterThan(0);
    const moved = Buffer.concat([rotated.subarray(0, 2), ...rest.slice(0, frame), exif, ...rest.slice(frame), rotated.subarray(at)]);
    expect((await getSharp()(moved).metadata()).orientation).toBe(6);
    expect(jpegMayCarryExif(moved)).toBe(true);
  });

  it('finds an EXIF segment wherever it sits among the headers, and only then answers false on a whole header', async () => {
    await checkProperty(
      'EXIF anywhere before the scan',
      fc.property(layoutArb, (layout) => {
        expect(jpegMayCarryExif(assemble(layout))).toBe(layout.exif !== undefined);
      }),
      400,
    );
  });

  it('never answers false for headers cut short, or for bytes it cannot walk', async () => {
    await checkProperty(
      'cut-off headers',
      fc.property(layoutArb, fc.nat(), (layout, cut) => {
        // Cut anywhere before the whole scan marker: the walk cannot know what would follow.
        const lastCut = SOI.length + headersOf(layout).length + 1;
        const end = SOI.length + (cut % (lastCut - SOI.length + 1));
        expect(jpegMayCarryExif(assemble(layout).subarray(0, end))).toBe(true);
      }),
      400,
    );
    await checkProperty(
      'random bytes after the start marker',
      fc.property(fc.uint8Array({ maxLength: 200 }), (tail) => {
        const bytes = Uint8Array.from([...SOI, ...tail]);
        const answer = jpegMayCarryExif(bytes);
        // False only when a scan or end marker was reached by a walk over well-formed segments.
        if (!answer) expect(tail[0]).toBe(0xff);
      }),
      600,
    );
  });

  it('a JPEG without EXIF resizes to the same bytes as with autoOrient()', async () => {
    const input = await makeJpeg(1200, 800);
    expect(jpegMayCarryExif(input)).toBe(false);
    for (const format of ['image/webp', 'image/jpeg', undefined]) {
      const ours = await optimizeImage(input, { width: 640, quality: 75, format, dangerouslyAllowSVG: false, maxInputPixels: DEFAULT_MAX_INPUT_PIXELS });
      const pipeline = getSharp()(input, { limitInputPixels: DEFAULT_MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient().resize({ width: 640, withoutEnlargement: true });
      const reference = await (format === 'image/webp' ? pipeline.webp({ quality: 75 }) : pipeline.jpeg({ quality: 75, mozjpeg: true })).toBuffer();
      expect(Buffer.compare(ours.buffer, reference)).toBe(0);
    }
  });
});
