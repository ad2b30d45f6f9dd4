/** @type {import('next').NextConfig} */
module.exports = {
  output: 'standalone',
  async redirects() {
    return [
      { source: '/old-blog/:slug', destination: '/posts/:slug', permanent: true },
      { source: '/docs-old/:path*', destination: '/docs/:path*', permanent: false },
      { source: '/external', destination: 'https://example.com/landing', statusCode: 301 },
      { source: '/vip', has: [{ type: 'cookie', key: 'vip', value: 'yes' }], destination: '/about?vip=1', permanent: false },
      { source: '/search', has: [{ type: 'query', key: 'q' }], destination: '/posts/:q', permanent: false },
      { source: '/from-header', has: [{ type: 'header', key: 'x-go', value: '(?<target>[a-z]+)' }], destination: '/posts/:target', permanent: false },
      { source: '/guest', missing: [{ type: 'cookie', key: 'session' }], destination: '/login', permanent: false },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [{ source: '/about', has: [{ type: 'query', key: 'v', value: '2' }], destination: '/about-v2' }],
      afterFiles: [
        { source: '/info', destination: '/about' },
        { source: '/p/:slug', destination: '/posts/:slug' },
        { source: '/posts/special', destination: '/about' },
        { source: '/home-variant', has: [{ type: 'header', key: 'x-variant', value: 'b' }], destination: '/beta' },
      ],
      fallback: [{ source: '/legacy/:path*', destination: '/docs/:path*' }],
    };
  },
  async headers() {
    return [
      { source: '/:path*', headers: [{ key: 'x-site', value: 'rules' }] },
      { source: '/posts/:slug', headers: [{ key: 'x-post', value: 'post-:slug' }, { key: 'x-seen-:slug', value: 'yes' }] },
      { source: '/about', has: [{ type: 'query', key: 'v' }], headers: [{ key: 'x-about-variant', value: 'yes' }] },
      { source: '/about', missing: [{ type: 'cookie', key: 'seen' }], headers: [{ key: 'x-first-visit', value: '1' }] },
    ];
  },
};
