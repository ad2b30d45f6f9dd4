/**
 * A request body as API routes and getServerSideProps see it (`req.body`), parsed by
 * `Content-Type` the way the pages router parses it: JSON (`{}` when empty), urlencoded
 * forms, anything else as text in its charset; or left unparsed (`bodyParser: false`: the bytes in the stream alone).
 * Refusals are HttpErrors: 400 (malformed JSON), 413 (over the size limit), 415 (a charset
 * this runtime cannot decode).
 */
import { HttpError } from '../../shared/http-error';

/** How to read a body: parsed up to a size, or raw. */
export type BodyParsing = false | { sizeLimit: number; label: string };

/** The pages router's default: 1 MB, which is also what CloudFront passes on to the function. */
export const DEFAULT_BODY_PARSING: BodyParsing = { sizeLimit: 1024 * 1024, label: '1mb' };

const EMPTY = new Uint8Array(0);
const JSON_TYPES = new Set(['application/json', 'application/ld+json']);
const FORM_TYPE = 'application/x-www-form-urlencoded';
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const SIZE = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i;

/**
 * A size limit as bytes: a whole number of bytes, or a string with a 1024-based unit.
 * Throws a RangeError saying what is accepted.
 *
 * @example
 * parseSizeLimit('500kb'); // 512000
 * parseSizeLimit('4mb');   // 4194304
 * parseSizeLimit(1000);    // 1000
 */
export function parseSizeLimit(value: number | string): number {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value > 0) return value;
  } else if (typeof value === 'string') {
    const match = value.match(SIZE);
    if (match) {
      const bytes = Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]!);
      if (bytes > 0) return bytes;
    }
  }
  throw new RangeError(`sizeLimit ${JSON.stringify(value)} is not a size: use a number of bytes (1000000) or a string such as '500kb' or '4mb'.`);
}

/** `Content-Type` split into its lower-case media type and charset; no header reads as `text/plain`. */
export function contentTypeOf(header: string | undefined): { type: string; charset: string } {
  if (!header) return { type: 'text/plain', charset: 'utf-8' };
  const [type = '', ...params] = header.split(';');
  let charset = 'utf-8';
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq > 0 && param.slice(0, eq).trim().toLowerCase() === 'charset') {
      charset = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase() || 'utf-8';
    }
  }
  return { type: type.trim().toLowerCase(), charset };
}

/** `a=1&a=2&b=` → `{ a: ['1', '2'], b: '' }`, a null-prototype object: the field names are the client's. */
export function parseForm(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const existing = fields[name];
    fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

function decode(bytes: Uint8Array, charset: string): string {
  if (bytes.byteLength === 0) return '';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    throw new HttpError(415, `Unsupported charset "${charset}"`);
  }
  // Invalid sequences become U+FFFD, as the pages router's reader does; a BOM is dropped.
  return decoder.decode(bytes);
}

/**
 * The body of a request as `req.body`. `raw` is the bytes as received (for the request
 * stream), the same bytes whatever the parsing.
 *
 * @example
 * readBody(new TextEncoder().encode('{"a":1}'), 'application/json', DEFAULT_BODY_PARSING); // { body: { a: 1 }, raw }
 * readBody(bytes, 'image/png', false);                                                    // { body: undefined, raw: bytes }
 */
export function readBody(bytes: Uint8Array | undefined, contentType: string | undefined, parsing: BodyParsing): { body: unknown; raw: Uint8Array } {
  const raw = bytes ?? EMPTY;
  // Unparsed, as the pages router leaves it: `req.body` undefined, the bytes in the stream (`for await (const chunk of req)`).
  if (parsing === false) return { body: undefined, raw };
  if (raw.byteLength > parsing.sizeLimit) throw new HttpError(413, `Body exceeded ${parsing.label} limit`);
  const { type, charset } = contentTypeOf(contentType);
  const text = decode(raw, charset);
  if (JSON_TYPES.has(type)) {
    // An empty JSON body is a common client mistake, read as an empty object (as the pages router does).
    if (text.length === 0) return { body: {}, raw };
    try {
      return { body: JSON.parse(text), raw };
    } catch (error) {
      throw new HttpError(400, `Invalid JSON: ${(error as Error).message}`);
    }
  }
  if (type === FORM_TYPE) return { body: parseForm(text), raw };
  return { body: text, raw };
}
