import fc from 'fast-check';
import { serializeForScript } from '../../../../lambdas/render/html/document';

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
