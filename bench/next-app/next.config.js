/**
 * The benchmark app for Next.js: standalone output (what OpenNext and self-hosting deploy),
 * the same locales and image formats as bench/stratus-app/stratus.config.ts.
 * @type {import('next').NextConfig}
 */
module.exports = {
  output: 'standalone',
  poweredByHeader: false,
  // This folder is its own project inside the Stratus checkout (which has a lockfile of its own).
  outputFileTracingRoot: __dirname,
  turbopack: { root: __dirname },
  i18n: { locales: ['en', 'fr'], defaultLocale: 'en', localeDetection: false },
  images: { formats: ['image/webp'] },
};
