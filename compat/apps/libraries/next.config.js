/** @type {import('next').NextConfig} */
module.exports = {
  output: 'standalone',
  compiler: {
    emotion: true,
    styledComponents: true,
    reactRemoveProperties: true,
    removeConsole: { exclude: ['error'] },
  },
};
