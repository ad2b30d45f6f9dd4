/** `<Link>` as the server renders it: every child and href shape the pages router takes. */
import { renderToStaticMarkup } from 'react-dom/server';
import Link from '../../../web/runtime/link';
import { RouterContext, type StratusRouter } from '../../../web/runtime/shared/router-context';

const router = { pathname: '/shop/[cat]', asPath: '/shop/red?page=1', route: '/shop/[cat]', query: { cat: 'red', page: '1' }, basePath: '', isFallback: false, isReady: true, prefetch: async () => undefined } as unknown as StratusRouter;
const render = (element: React.ReactElement) => renderToStaticMarkup(<RouterContext.Provider value={router}>{element}</RouterContext.Provider>);

test('legacyBehavior with text: wrapped in an <a> of its own, as the pages router does', () => {
  expect(render(<Link href="/fr" legacyBehavior>Français</Link>)).toBe('<a href="/fr">Français</a>');
  expect(render(<Link href="/n" legacyBehavior>{7}</Link>)).toBe('<a href="/n">7</a>');
});

test('legacyBehavior with a fragment: rendered as written', () => {
  expect(render(<Link href="/about" legacyBehavior><><a href="/about">About</a> us</></Link>)).toBe('<a href="/about">About</a> us');
});

test('a pattern href the query cannot fill is written as it is, not a failed render; one it can fill is filled', () => {
  expect(render(<Link href="/[name]">dyn</Link>)).toBe('<a href="/[name]">dyn</a>');
  expect(render(<Link href={{ pathname: '/posts/[slug]' }}>p</Link>)).toBe('<a href="/posts/[slug]">p</a>');
  expect(render(<Link href="/[name]?name=ada">ada</Link>)).toBe('<a href="/ada">ada</a>');
});

test('href={{ query }} is the current page with that query (a shallow filter), not the home page', () => {
  expect(render(<Link href={{ query: { page: 2 } }} shallow>next</Link>)).toBe('<a href="/shop/red?page=2">next</a>');
});

test('an href with // logs "Invalid href" and is written with single slashes, as the pages router does', () => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(render(<Link href="//example.com/x">x</Link>)).toBe('<a href="/example.com/x">x</a>');
    expect(errors).toHaveBeenCalledWith("Invalid href '//example.com/x' passed to next/router in page: '/shop/[cat]'. Repeated forward-slashes (//) or backslashes \\ are not valid in the href.");
  } finally {
    errors.mockRestore();
  }
});
