/** @type {import('next').NextConfig} */
module.exports = {
  output: 'standalone',
  env: {
    CONFIG_VALUE: 'from next.config.js',
  },
};
