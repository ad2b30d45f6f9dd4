import type { StratusConfig } from 'stratus/config';

const config: StratusConfig = {
  locales: ['en', 'fr'],
  defaultLocale: 'en',
  images: { formats: ['image/avif', 'image/webp'] },
};

export default config;
