/** Cutting the head off a built stylesheet keeps its source map true (cli/builder/css-prefix.ts). */
import { SourceMap } from 'node:module';
import { cutMappings, withoutPrefix } from '../../../cli/builder/css-prefix';

// Generated: "a{x:1}b{y:2}\nc{z:3}\n" from a.css (line 0), b.css (lines 4 and 7), c.css (line 9).
const generated = 'a{x:1}b{y:2}\nc{z:3}\n';
const map = {
  file: 'out.css',
  sourceRoot: '',
  sourcesContent: [],
  version: 3,
  sources: ['a.css', 'b.css', 'c.css'],
  names: [],
  // a at 0:0 → a.css 0:0; b at 0:6 → b.css 4:2; c at 1:0 → b.css 7:0, then 1:2 → c.css 9:1.
  mappings: 'AAAA,MCIE;AAGF,ECEC',
};

test('withoutPrefix: the rest after a stylesheet given whole (trailing newline and all), undefined when it does not start with it', () => {
  expect(withoutPrefix('a{x:1}b{y:2}\n', 'a{x:1}\n')).toBe('b{y:2}\n');
  expect(withoutPrefix('a{x:1}\n', 'a{x:1}\n')).toBe('\n');
  expect(withoutPrefix('b{y:2}a{x:1}\n', 'a{x:1}\n')).toBeUndefined();
});

test('cutMappings: segments after the cut keep their original places, on the cut line and the lines after it', () => {
  const before = new SourceMap(map);
  expect(before.findEntry(0, 6)).toMatchObject({ originalSource: 'b.css', originalLine: 4, originalColumn: 2 });
  expect(before.findEntry(1, 2)).toMatchObject({ originalSource: 'c.css', originalLine: 9, originalColumn: 1 });

  const cut = new SourceMap({ ...map, mappings: cutMappings(map.mappings, generated, 6) });
  expect(cut.findEntry(0, 0)).toMatchObject({ generatedLine: 0, generatedColumn: 0, originalSource: 'b.css', originalLine: 4, originalColumn: 2 });
  expect(cut.findEntry(1, 0)).toMatchObject({ originalSource: 'b.css', originalLine: 7, originalColumn: 0 });
  expect(cut.findEntry(1, 2)).toMatchObject({ originalSource: 'c.css', originalLine: 9, originalColumn: 1 });

  // A cut at a line's start drops the lines above.
  const second = new SourceMap({ ...map, mappings: cutMappings(map.mappings, generated, 13) });
  expect(second.findEntry(0, 2)).toMatchObject({ originalSource: 'c.css', originalLine: 9, originalColumn: 1 });
});
