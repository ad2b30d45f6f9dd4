/** `<Link>` as the server renders it: every child and href shape the pages router takes. */
import fc from 'fast-check';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import Link from '../../../web/runtime/link';
import { RouterContext, type StratusRouter } from '../../../web/runtime/shared/router-context';
import { checkProperty } from '../../helpers/property';

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

describe("the render bundle's Link (STRATUS_BROWSER off): the markup of the browser's, without its hooks and handlers", () => {
  const i18nRouter = { ...router, locale: 'en', locales: ['en', 'fr'], defaultLocale: 'en' } as StratusRouter;
  const withServerBuild = <T,>(run: () => T): T => {
    const before = process.env.STRATUS_BROWSER;
    process.env.STRATUS_BROWSER = 'off';
    try {
      return run();
    } finally {
      if (before === undefined) delete process.env.STRATUS_BROWSER;
      else process.env.STRATUS_BROWSER = before;
    }
  };
  const href = fc.oneof(
    fc.constantFrom('/', '/posts/a', '/a?b=1#c', '/[name]?name=x', '/shop/[cat]', 'https://example.com/x', 'mailto:a@b.c', '#top', '?page=2', 'rel/ative', '/fr/about', '/api/x', '/a//b'),
    fc.record({ pathname: fc.constantFrom('/posts/[slug]', '/about', undefined), query: fc.option(fc.dictionary(fc.constantFrom('slug', 'page', 'q'), fc.constantFrom('a', '2', 'x y')), { nil: undefined }) }, { requiredKeys: [] }),
  );
  const attributes = fc.record(
    {
      id: fc.constantFrom('x', 'nav-1'),
      className: fc.constantFrom('a b', 'active'),
      target: fc.constantFrom('_blank', '_self'),
      rel: fc.constant('noopener'),
      title: fc.constantFrom('"quoted" & <b>', 'é'),
      'data-kind': fc.constant('nav'),
      'aria-label': fc.constant('Next'),
      style: fc.constant({ color: 'red' }),
      onClick: fc.constant(() => undefined),
      onFocus: fc.constant(() => undefined),
      onMouseEnter: fc.constant(() => undefined),
      download: fc.boolean(),
      prefetch: fc.boolean(),
      replace: fc.boolean(),
      scroll: fc.boolean(),
      shallow: fc.boolean(),
      passHref: fc.boolean(),
      locale: fc.constantFrom('fr', 'en', false as const),
      as: fc.constantFrom('/as/shown', '/posts/[slug]?slug=z'),
    },
    { requiredKeys: [] },
  );
  const children = fc.constantFrom<React.ReactNode>('text', 7, <span>inner</span>, ['a', <b key="b">b</b>], undefined);

  test('the same HTML as the browser path, for generated props, routers and children', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await checkProperty(
        'server Link = browser Link markup',
        fc.property(href, attributes, children, fc.constantFrom(undefined, router, i18nRouter), (to, extra, child, current) => {
          const element = <Link href={to} {...extra}>{child}</Link>;
          const markup = () => renderToString(current ? <RouterContext.Provider value={current}>{element}</RouterContext.Provider> : element);
          expect(withServerBuild(markup)).toBe(markup());
        }),
        400,
      );
    } finally {
      errors.mockRestore();
    }
  });

  test('its anchor keeps the attributes written on the Link and leaves out Link’s own props', () => {
    const html = withServerBuild(() => render(<Link href="/posts/a" id="n" prefetch={false} replace scroll={false} shallow locale={false} className="c" data-x="1" onClick={() => undefined}>a</Link>));
    expect(html).toBe('<a href="/posts/a" id="n" class="c" data-x="1">a</a>');
  });
});
