import type { StratusConfig } from 'stratus/config';

export default {
  locales: ['en'],
  defaultLocale: 'en',
} satisfies StratusConfig;
