import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { headMarkup } from '../../../../lambdas/render/html/head-markup';
import type { HeadElement } from '../../../../web/runtime/shared/head-manager';

const react = (elements: HeadElement[]) => renderToStaticMarkup(createElement(Fragment, null, ...elements));

test.each<[string, unknown]>([
  ['title', <title>{'A & B <"quoted"> \'x\''}</title>],
  ['meta name', <meta name="description" content={'fish & chips "best" <b>'} />],
  ['meta property', <meta property="og:title" content="Hi" />],
  ['meta charset', <meta charSet="utf-8" />],
  ['meta http-equiv', <meta httpEquiv="refresh" content="5" />],
  ['meta itemProp', <meta itemProp="name" content="x" id="m" />],
  ['link with every direct attribute', <link rel="alternate" href="/fr" type="text/html" media="all" title="French" color="#fff" sizes="any" as="document" />],
  ['base with target', <base href="/" target="_blank" />],
  ['hrefLang (through React)', <link rel="alternate" hrefLang="fr" href="/fr" />],
  ['link', <link rel="preload" as="image" imageSrcSet="/a.jpg 1x, /b.jpg 2x" fetchPriority="high" />],
  ['link with class and numbers', <link rel="icon" className="x" sizes="32x32" href="/i.png" data-n={3} />],
  ['base', <base href="/docs/" />],
  ['style (through React)', <style>{'body{color:red}'}</style>],
  ['script (through React)', <script dangerouslySetInnerHTML={{ __html: 'var a = 1 < 2;' }} />],
  ['boolean attribute (through React)', <link rel="preload" href="/a.css" as="style" crossOrigin="" />],
  ['noscript (through React)', <noscript>{'enable JS'}</noscript>],
])('%s is written as React writes it', (_name, element) => {
  const elements = [element as HeadElement];
  expect(headMarkup(elements)).toBe(react(elements));
});

test('a title in parts is joined, as the browser runtime shows it (React alone would write it empty)', () => {
  expect(headMarkup([(<title>{'Page '}{2}{' of 3'}</title>) as HeadElement])).toBe('<title>Page 2 of 3</title>');
});

test('several elements in order', () => {
  const elements = [<title key="t">T</title>, <meta key="m" name="a" content="b" />, <style key="s">{'p{}'}</style>] as HeadElement[];
  expect(headMarkup(elements)).toBe(react(elements));
});
