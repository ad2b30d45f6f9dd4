import { route } from '@react-router/dev/routes';

// Every page also answers under a locale prefix (/fr/…), as in the Next.js and Stratus apps.
export default [
  route('api/items/:id', 'routes/api-items.js'),
  route(':lang?', 'routes/home.jsx'),
  route(':lang?/ssr/:id', 'routes/server-page.jsx'),
  route(':lang?/posts/:slug', 'routes/post.jsx'),
  route(':lang?/docs/*', 'routes/docs.jsx'),
  route(':lang?/shop/*', 'routes/shop.jsx'),
  route(':lang?/gallery', 'routes/gallery.jsx'),
];
