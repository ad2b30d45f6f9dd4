/** @type {import('next').NextConfig} */
module.exports = {
  output: 'standalone',
  i18n: {
    locales: ['en', 'fr', 'de'],
    defaultLocale: 'en',
  },
};
