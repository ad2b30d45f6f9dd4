/**
 * After a soft navigation a screen reader hears nothing by itself: the page title is
 * read out from a polite-but-firm live region, and focus moves to the top of the page.
 */
const ANNOUNCER_ID = '__stratus-route-announcer';

/**
 * Announces the new page (its title, else its first heading, else its path) and moves focus to
 * it, unless the page has put focus somewhere itself (a dialog it opened, a field it focused):
 * focus moves only from where it was when the navigation began, from the body, or from an
 * element the new page removed.
 */
export function announcePage(root: HTMLElement, asPath: string, focusedAtStart: Element | null = null): void {
  let region = document.getElementById(ANNOUNCER_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = ANNOUNCER_ID;
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('role', 'alert');
    // Visually hidden, still read: https://www.a11yproject.com/posts/how-to-hide-content/
    region.style.cssText = 'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0';
    document.body.appendChild(region);
  }
  region.textContent = document.title || root.querySelector('h1')?.textContent || asPath;
  const active = document.activeElement;
  if (active && active !== document.body && active !== focusedAtStart && active.isConnected) return;
  // The page's container takes focus, so keyboard users continue from the new content.
  if (!root.hasAttribute('tabindex')) {
    root.setAttribute('tabindex', '-1');
    root.style.outline = 'none';
  }
  root.focus({ preventScroll: true });
}
