import fc from 'fast-check';
import { renderDocument, serializeForScript, withRewriteSearch } from '../../../../lambdas/render/html/document';

test('page data in a <script> reads back the same and never holds <, >, & or a line separator, whatever the strings', () => {
  const hostile = fc.constantFrom('</script><script>alert(1)</script>', '<!--', '-->', '&amp;', '\u2028', '\u2029', 'é', '"', '\\');
  const text = fc.oneof(fc.string(), hostile, fc.array(hostile).map((parts) => parts.join('x')));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(text, tie('node'), { maxKeys: 4 })),
  })).node;
  fc.assert(
    fc.property(value, (data) => {
      const json = serializeForScript(data);
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(data)));
    }),
    { seed: 15, numRuns: 2000 },
  );
  expect(serializeForScript({ a: 'plain' })).toBe('{"a":"plain"}');
});

test("a stored page told a rewrite's search: its page data gains rewriteSearch and nothing else changes, whatever the search holds", () => {
  const data = { buildId: 'b1', page: '/about', query: {}, props: { pageProps: { a: '</script>' } }, locale: 'en', locales: ['en'], defaultLocale: 'en', isFallback: false };
  const html = renderDocument({ lang: 'en', headStart: '', head: '', body: '<h1>About</h1>', data, entryScripts: ['/_app/static/entry.js'], pageScripts: [], styles: [] });
  const embedded = (page: string) => JSON.parse(/<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/.exec(page)![1]!);
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.constantFrom('</script><script>alert(1)</script>', 'from=a&b=%3C', '\u2028')), (search) => {
      const told = withRewriteSearch(html, search);
      expect(embedded(told)).toEqual({ rewriteSearch: search, ...data });
      expect(told.replace(/"rewriteSearch":"(?:[^"\\]|\\.)*",/, '')).toBe(html);
      expect(told.match(/<\/script>/g)).toHaveLength(html.match(/<\/script>/g)!.length);
    }),
    { seed: 16, numRuns: 500 },
  );
  // A document without page data (nothing to tell) is left as it is.
  expect(withRewriteSearch('<html><body>plain</body></html>', 'a=1')).toBe('<html><body>plain</body></html>');
});
