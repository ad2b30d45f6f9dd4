/**
 * How `<Head>` instances merge, as the pages router merges them: in mount order after the
 * defaults, a later tag replacing the earlier ones it shares a key with (title, a meta's name
 * or property, a `key`), and taking its own place, not theirs.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { mergeHead, type HeadElement } from '../../../../web/runtime/shared/head-manager';

const html = (elements: HeadElement[]) => elements.map((element) => renderToStaticMarkup(element)).join('');

test("a page's tags replace _app's they share a key with, and stand where the page put them (next-seo's order)", () => {
  const app = [<title key="t">Site</title>, <meta key="d" name="description" content="the site" />, <meta key="o" property="og:site_name" content="Site" />] as HeadElement[];
  const page = [<title key="t">Post</title>, <meta key="d" name="description" content="the post" />] as HeadElement[];
  expect(html(mergeHead([app, page]))).toBe(
    '<meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>' +
      '<meta property="og:site_name" content="Site"/><title>Post</title><meta name="description" content="the post"/>',
  );
});

test('tags without a key are all kept, in order; a viewport of the app replaces the default one', () => {
  const app = [<link key="a" rel="icon" href="/a.png" />, <meta name="viewport" content="width=device-width, initial-scale=1" />] as HeadElement[];
  const page = [<link key="b" rel="preconnect" href="https://cdn.example" />] as HeadElement[];
  expect(html(mergeHead([app, page]))).toBe(
    '<meta charSet="utf-8"/><link rel="icon" href="/a.png"/><meta name="viewport" content="width=device-width, initial-scale=1"/><link rel="preconnect" href="https://cdn.example"/>',
  );
});
