/**
 * cheerio for Next's tests, which import its default export (`import cheerio from
 * 'cheerio'`, from the 1.0 release candidates): the current cheerio's functions, as the
 * default export too. Loaded by file path, since `cheerio` itself maps to this module in
 * the outside tests' jest config.
 */
import path from 'node:path';
import type * as Cheerio from 'cheerio';

const real = require(path.join(path.dirname(require.resolve('cheerio/package.json')), 'dist', 'commonjs', 'index.js')) as typeof Cheerio;

export const load: typeof Cheerio.load = real.load;
export default real;
