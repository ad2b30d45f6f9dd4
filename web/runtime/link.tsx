/**
 * `<Link>`: an `<a>` that navigates without a full page load, and prefetches its target
 * (script, and data of static-data pages) when it is visible or hovered.
 *
 * A plain left click navigates softly. Clicks with a modifier key or another button, links
 * with a `target` other than `_self` or with `download`, and URLs on other origins are
 * left to the browser.
 *
 * @example
 * <Link href="/posts/hello">Hello</Link>
 * <Link href={{ pathname: '/posts/[slug]', query: { slug: 'hello' } }}>Hello</Link>
 * <Link href="/about" locale="fr">À propos</Link>
 */
import {
  Children,
  cloneElement,
  Fragment,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useRef,
  type AnchorHTMLAttributes,
  type ForwardedRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type TouchEvent,
} from 'react';
import { jsx } from 'react/jsx-runtime';
import { RouterContext, type StratusRouter, type Url } from './shared/router-context';
import { addLocale, formatUrl, repeatedSlashesFixed, resolveHref } from './shared/url';
import { siteHref } from './shared/site-paths';
import { whenVisible } from './browser/viewport';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path, or `{ pathname, query }` where `pathname` may be a route pattern filled from `query`. */
  href: Url;
  /** The URL shown in the address bar, when it differs from `href`. */
  as?: Url;
  /** Replace the current history entry instead of adding one. @default false */
  replace?: boolean;
  /** Scroll to the top (or to the hash) after navigating. @default true */
  scroll?: boolean;
  /** Update the URL and query of the same page without loading its data again. @default false */
  shallow?: boolean;
  /** Prefetch when the link enters the viewport. Hover and touch always prefetch. @default true */
  prefetch?: boolean;
  /** Locale of the target; `false` takes the href as written, locale prefix included. */
  locale?: string | false;
  /** Render the one child element (an `<a>`, or a component rendering one) instead of an `<a>` of Link's own. @default false */
  legacyBehavior?: boolean;
  /** With `legacyBehavior`, give the child the `href` even when it is not an `<a>`. @default false */
  passHref?: boolean;
  /**
   * Called on a click that navigates within the site (not a modified click, nor another
   * origin), before the router moves; `preventDefault()` there keeps the page where it is.
   */
  onNavigate?: (event: { preventDefault(): void }) => void;
  children?: ReactNode;
}

/** Whether a click is one the browser should handle itself (new tab, download, other frame). */
export function isModifiedClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    (target !== null && target !== '' && target !== '_self') ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    event.button !== 0 ||
    event.currentTarget.hasAttribute('download')
  );
}

/** Link's own props: not an `<a>`'s attributes. */
function isLinkOnly(name: string): boolean {
  switch (name) {
    case 'href':
    case 'as':
    case 'replace':
    case 'scroll':
    case 'shallow':
    case 'prefetch':
    case 'locale':
    case 'legacyBehavior':
    case 'passHref':
    case 'onClick':
    case 'onMouseEnter':
    case 'onTouchStart':
    case 'onNavigate':
      return true;
    default:
      return false;
  }
}

/** Copies into `into` the props an `<a>` takes from a Link's: all but Link's own (isLinkOnly). */
function withAnchorAttributes(into: Record<string, unknown>, props: LinkProps): Record<string, unknown> {
  for (const name in props) if (!isLinkOnly(name)) into[name] = props[name as keyof LinkProps];
  return into;
}

/**
 * The server's `<a>`: the resolved href and the anchor's own attributes, as the browser's
 * render writes them (React writes no handler or ref into HTML). Without the browser's
 * hooks, closures and rest copy, six Links render in 9.4 µs instead of 12.3 (issue 35).
 */
function serverAnchor(props: LinkProps, href: string): ReactElement {
  return jsx('a', withAnchorAttributes({ href }, props));
}

const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const router = useContext(RouterContext);
  const { href, as, locale } = props;
  const target = resolveHref(repeatedSlashesFixed(formatUrl(as ?? href), router?.pathname ?? '/'), router?.asPath);
  const targetLocale = locale === false ? undefined : (locale ?? router?.locale);
  // Without i18n the router has no locales, and hrefs no prefix.
  const resolved = siteHref(router?.locales ? addLocale(target, targetLocale, { locales: router.locales, defaultLocale: router.defaultLocale! }) : target);
  // In the render bundle (a constant there) an <a> of Link's own skips the browser's hooks
  // and handlers; a component takes the same branch on every render within one bundle.
  if (process.env.STRATUS_BROWSER === 'off' && !props.legacyBehavior) return serverAnchor(props, resolved);
  return useBrowserLink(props, ref, router, resolved, locale === false ? false : targetLocale);
});

/** Link's `<a>` (or its `legacyBehavior` child) with the handlers, ref and prefetching the browser runs. */
function useBrowserLink(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>, router: StratusRouter | null, resolved: string, localeOption: string | false | undefined): ReactElement {
  const { href, as, replace, scroll, shallow, prefetch, legacyBehavior, passHref, onClick, onMouseEnter, onTouchStart, onNavigate, children } = props;
  const rest = withAnchorAttributes({}, props);
  const anchor = useRef<HTMLAnchorElement | null>(null);

  const setRef = useCallback(
    (node: HTMLAnchorElement | null) => {
      anchor.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  const prefetchTarget = (priority?: true) => void router?.prefetch(href, as, { locale: localeOption, priority }).catch(() => undefined);

  useEffect(() => {
    if (prefetch === false || !router || !anchor.current) return;
    return whenVisible(anchor.current, () => prefetchTarget());
    // The target is all that matters: the router object changes on every navigation.
  }, [resolved, prefetch, !router]);

  function handleClick(event: MouseEvent<HTMLAnchorElement>, ownOnClick = onClick) {
    ownOnClick?.(event);
    if (event.defaultPrevented || !router || isModifiedClick(event)) return;
    if (new URL(resolved, location.href).origin !== location.origin) {
      // Another site, with `replace`: this entry gives way to it, as the pages router does.
      if (replace) {
        event.preventDefault();
        location.replace(resolved);
      }
      return;
    }
    event.preventDefault();
    if (onNavigate) {
      let prevented = false;
      onNavigate({ preventDefault: () => void (prevented = true) });
      if (prevented) return;
    }
    const options = { scroll, shallow, locale: localeOption };
    void (replace ? router.replace(href, as, options) : router.push(href, as, options));
  }

  if (legacyBehavior) {
    // The pages router's older form: <Link href="/x" passHref legacyBehavior><a>…</a></Link>.
    // Text is wrapped in an <a> of its own, as the pages router does (`<Link legacyBehavior>{label}</Link>`).
    const only = typeof children === 'string' || typeof children === 'number' ? <a>{children}</a> : children;
    const child = Children.only(only) as ReactElement<AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: unknown }>;
    // A fragment takes no props: it renders as written, its links plain ones (React drops what the pages router passes it).
    if (child.type === Fragment) return child;
    const own = child.props;
    return cloneElement(child, {
      ref: setRef,
      ...(passHref || child.type === 'a' ? { href: resolved } : {}),
      onClick: (event: MouseEvent<HTMLAnchorElement>) => handleClick(event, own.onClick),
      onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => {
        own.onMouseEnter?.(event);
        prefetchTarget(true);
      },
      onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
        own.onTouchStart?.(event);
        prefetchTarget(true);
      },
    });
  }

  return (
    <a
      ref={setRef}
      href={resolved}
      onClick={handleClick}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetchTarget(true);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        prefetchTarget(true);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

export default Link;
