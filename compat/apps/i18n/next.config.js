/** @type {import('next').NextConfig} */
module.exports = {
  output: 'standalone',
  i18n: {
    locales: ['en', 'fr', 'de'],
    defaultLocale: 'en',
  },
  async redirects() {
    return [
      { source: '/:locale/old-about', destination: '/:locale/about', locale: false, permanent: false },
      { source: '/to-about', destination: '/about', permanent: false },
    ];
  },
  async rewrites() {
    return [
      { source: '/brand', destination: '/brand.txt' },
      // A rewrite source ending like a public file (.txt) reaches the rules, not the bucket.
      { source: '/:locale/files/:path*', destination: '/:path*', locale: false },
    ];
  },
};
