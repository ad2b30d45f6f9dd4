/**
 * Whether a JPEG can carry an EXIF orientation: libjpeg (and so sharp) reads EXIF only from
 * an APP1 "Exif" segment among the headers before the first scan. A JPEG without one is
 * already upright, and sharp's `autoOrient()` costs it ~0.3 ms of CPU (1 % of a resize)
 * for nothing; many site images are saved without EXIF.
 * https://www.w3.org/Graphics/JPEG/itu-t81.pdf (B.1.1: marker segments)
 */

const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

/** Markers that stand alone (no length follows): TEM and the restart markers. */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

function hasExifHeaderAt(bytes: Uint8Array, at: number): boolean {
  if (at + EXIF_HEADER.length > bytes.length) return true; // cut short: cannot tell
  for (let i = 0; i < EXIF_HEADER.length; i++) if (bytes[at + i] !== EXIF_HEADER[i]) return false;
  return true;
}

/**
 * Walks the header segments of a JPEG (from after its SOI marker to its first scan).
 * Answers true when one is an EXIF APP1, and also whenever the walk cannot finish (bytes
 * that are not a marker, a bad length, the data ending first): sharp then decides, as
 * before.
 *
 * @example
 * const pipeline = jpegMayCarryExif(input) ? sharp(input).autoOrient() : sharp(input);
 */
export function jpegMayCarryExif(jpeg: Uint8Array): boolean {
  let at = 2;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] !== 0xff) return true;
    const marker = jpeg[at + 1]!;
    // Any number of 0xFF fill bytes may come before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Start of scan: the headers are over. End of image: there are none to come.
    if (marker === 0xda || marker === 0xd9) return false;
    if (standsAlone(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0x00 || marker === 0xd8 || at + 3 >= jpeg.length) return true;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (length < 2) return true;
    if (marker === 0xe1 && hasExifHeaderAt(jpeg, at + 4)) return true;
    at += 2 + length;
  }
  return true;
}
