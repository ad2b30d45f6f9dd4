/**
 * `<Link>`: an `<a>` that navigates without a full page load.
 *
 * @example
 * <Link href="/posts/hello">Hello</Link>
 * <Link href={{ pathname: '/posts/[slug]', query: { slug: 'hello' } }}>Hello</Link>
 */
import { forwardRef, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { RouterContext, type Url } from './router-context';
import { addLocale, formatUrl, isExternal } from './url';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: Url;
  /** The URL shown in the address bar, when it differs from `href`. */
  as?: Url;
  replace?: boolean;
  /** Scroll to the top after navigating. @default true */
  scroll?: boolean;
  /** Prefetch when the link enters the viewport. Hover always prefetches. @default true */
  prefetch?: boolean;
  /** Locale of the target; `false` keeps the href as written. */
  locale?: string | false;
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

const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { href, as, replace, scroll, prefetch, locale, onClick, children, ...rest },
  ref,
) {
  const router = useContext(RouterContext);
  const target = formatUrl(as ?? href);
  const targetLocale = locale === false ? undefined : (locale ?? router?.locale);
  const resolved = router ? addLocale(target, targetLocale, router) : target;
  void prefetch;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !router || isModifiedClick(event) || isExternal(target)) return;
    event.preventDefault();
    const options = { scroll, locale: locale === false ? undefined : targetLocale };
    void (replace ? router.replace(href, as, options) : router.push(href, as, options));
  }

  return (
    <a ref={ref} href={resolved} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
});

export default Link;
