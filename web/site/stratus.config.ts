import type { StratusConfig } from 'stratus/config';

const config: StratusConfig = {
  locales: ['en', 'fr'],
  defaultLocale: 'en',
  // qualities: what /_app/image answers (Next 16's allowlist); the gallery's quality={60} needs its entry.
  images: { formats: ['image/avif', 'image/webp'], qualities: [60, 75] },
  // The routing layer (docs/ROUTING.md): checked in this order, before pages.
  async headers() {
    return [{ source: '/members/:path*', headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] }];
  },
  async redirects() {
    // The blog's old addresses: posts moved to /posts.
    return [{ source: '/blog/:slug', destination: '/posts/:slug', permanent: true }];
  },
  async rewrites() {
    // The guide is the docs under another name; the address bar keeps /guide/….
    return [{ source: '/guide/:path*', destination: '/docs/:path*' }];
  },
};

export default config;
