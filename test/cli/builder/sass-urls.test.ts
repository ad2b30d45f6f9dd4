/**
 * A relative url() in a Sass partial names a file beside the partial: rebased onto the
 * compiled file's folder by Sass's source map, as the pages router's loaders rebase it.
 * Compiled with the real sass over files on disk.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileString } from 'sass';
import { rebaseUrls } from '../../../cli/builder/sass-urls';
import { tempApp } from '../../helpers/temp-app';

function compiled(files: Record<string, string>, entry: string) {
  const dir = tempApp(files, 'stratus-sass-urls-');
  const file = path.join(dir, entry);
  const result = compileString(files[entry]!, { url: pathToFileURL(file), sourceMap: true, silenceDeprecations: ['import'] });
  return { css: rebaseUrls(result.css, result.sourceMap!, file), file, dir };
}

test("a partial's relative URLs resolve from the partial; the root file's, and a mixin's used in the root, as written where they were written", () => {
  const { css } = compiled(
    {
      'styles/main.scss': "@use 'icons/set';\n@use '../theme/fonts';\n.root { background: url(./root.png); }\n.uses { @include set.badge; }\n",
      'styles/icons/_set.scss': ".dot { background: url(./dot.png) no-repeat, url('../shared/b.png'); }\n@mixin badge { background-image: url(\"badge.svg#frag\"); }\n",
      'theme/_fonts.scss': '@font-face { font-family: X; src: url(./x.woff2?v=2) format("woff2"); }\n',
    },
    'styles/main.scss',
  );
  expect(css).toContain('url(./icons/dot.png) no-repeat');
  expect(css).toContain('url("./shared/b.png")');
  expect(css).toContain('url(../theme/x.woff2?v=2)');
  expect(css).toContain('url(./root.png)');
  expect(css).toContain('url("./icons/badge.svg#frag")');
});

test('absolute, root-relative, data, fragment-only and ~ URLs are left as written, wherever they were written', () => {
  const kept = ['/img/a.png', 'https://cdn.example/b.png', 'data:image/png;base64,AAAA', '#filter', '//cdn.example/c.png', '~pkg/d.png'];
  const partial = kept.map((url, i) => `.k${i} { background: url("${url}"); }`).join('\n') + '\n';
  const { css } = compiled({ 'styles/main.scss': "@use 'deep/partial';\n", 'styles/deep/_partial.scss': partial }, 'styles/main.scss');
  for (const url of kept) expect(css).toContain(`url("${url}")`);
});

test('CSS without url() or without imports is returned as is', () => {
  const { css } = compiled({ 'styles/main.scss': '.a { color: red; }\n' }, 'styles/main.scss');
  expect(css).toBe('.a {\n  color: red;\n}');
});
