import type { StratusConfig } from 'stratus/config';

/** The benchmark app: the same locales and image formats as bench/next-app/next.config.js. */
const config: StratusConfig = {
  locales: ['en', 'fr'],
  defaultLocale: 'en',
  images: { formats: ['image/webp'] },
};

export default config;
