/**
 * Saves of stylesheets alone do not rebuild the server: its pages get the newest
 * stylesheets' names on their way (cli/dev/stylesheet-renames.ts), through any number of saves.
 */
import { createStylesheetRenames } from '../../../cli/dev/stylesheet-renames';

test('each old name in a page becomes the newest, after several saves', () => {
  const renames = createStylesheetRenames();
  renames.add([['/_app/static/chunks/app-A.css', '/_app/static/chunks/app-B.css']]);
  renames.add([['/_app/static/chunks/app-B.css', '/_app/static/chunks/app-C.css'], ['/_app/static/chunks/page-X.css', '/_app/static/chunks/page-Y.css']]);
  const page = '<link rel="stylesheet" href="/_app/static/chunks/app-A.css"><script>{"styles":{"/":["/_app/static/chunks/page-X.css"]}}</script>';
  expect(renames.apply(page)).toBe('<link rel="stylesheet" href="/_app/static/chunks/app-C.css"><script>{"styles":{"/":["/_app/static/chunks/page-Y.css"]}}</script>');
  renames.clear();
  expect(renames.apply(page)).toBe(page);
});
