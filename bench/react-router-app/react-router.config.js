import { LOCALES, DEFAULT_LOCALE, POST_SLUGS } from './app/lib/content.js';

const inEveryLocale = (path) => LOCALES.map((locale) => (locale === DEFAULT_LOCALE ? path : `/${locale}${path === '/' ? '' : path}`));

/**
 * Server rendering on, and the pages the other two frameworks build statically
 * (getStaticProps) prerendered at build time: react-router-serve answers them from
 * build/client as files.
 * @type {import('@react-router/dev/config').Config}
 */
export default {
  ssr: true,
  prerender: ['/', ...POST_SLUGS.map((slug) => `/posts/${slug}`)].flatMap(inEveryLocale),
};
