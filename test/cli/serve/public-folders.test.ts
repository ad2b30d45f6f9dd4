/**
 * A path under a public folder that is no file is the app's, as in the pages router (issue 29,
 * `public-folder-behaviour`): the folder's behaviour asks the bucket first and the render
 * function on its 403/404 (contract/edge-behaviours.ts `filesFirst`), so a missing file gets
 * the app's 404 page, a rewrite source under the folder is rewritten, and a page under the
 * folder's path is rendered, while the folder's files still come from the bucket.
 */
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { header, sendRaw } from '../../helpers/raw-http';
import { tempApp } from '../../helpers/temp-app';

let server: LocalServer;
beforeAll(async () => {
  const app = tempApp({
    'pages/index.js': `export default function Home() { return <p>home</p>; }`,
    'pages/404.js': `export default function NotFound() { return <h1>our own 404</h1>; }`,
    'pages/photos/albums/[album].js': `
export default function Album({ album }) { return <p>album {album}</p>; }
export function getServerSideProps({ params }) { return { props: { album: params.album } }; }`,
    'pages/photos/gallery.js': `export default function Gallery() { return <p>the gallery</p>; }`,
    'public/photos/a.txt': 'a photo',
    'public/docs/file.txt': 'hello',
    'next.config.js': `module.exports = { rewrites: async () => [{ source: '/docs/old/:path*', destination: '/docs/:path*' }] };`,
  });
  server = await startLocalServer(app);
}, 120_000);
afterAll(() => server?.stop());

const get = (target: string) => sendRaw(server.port, { method: 'GET', target });

test("a folder's files come from the bucket", async () => {
  const file = await get('/photos/a.txt');
  expect(file.status).toBe(200);
  expect(file.body.toString()).toBe('a photo');
  // The bucket's file, not the render function's: no page's Cache-Control or framework headers.
  expect(header(file, 'content-type')).toMatch(/^text\/plain/);
  expect(header(file, 'etag')).toBeDefined();
});

test("a missing file under a public folder is the app's 404 page, not the bucket's", async () => {
  for (const target of ['/photos/missing.jpg', '/photos/deep/missing.txt', '/docs/nothing']) {
    const answer = await get(target);
    expect({ target, status: answer.status }).toEqual({ target, status: 404 });
    expect(answer.body.toString()).toContain('our own 404');
  }
});

test('a rewrite source under a public folder is rewritten to the file', async () => {
  const answer = await get('/docs/old/file.txt');
  expect(answer.status).toBe(200);
  expect(answer.body.toString()).toBe('hello');
  // The file came through the site (the render function fetched it): its fetch's own
  // connection headers stay behind, so this `Connection: close` request is closed at once.
  expect(header(answer, 'keep-alive')).toBeUndefined();
  expect(header(answer, 'connection')).not.toBe('keep-alive');
});

test("a page under a public folder's path is rendered, static or not", async () => {
  const answer = await get('/photos/albums/summer');
  expect(answer.status).toBe(200);
  expect(answer.body.toString()).toContain('album <!-- -->summer');
  const gallery = await get('/photos/gallery');
  expect(gallery.status).toBe(200);
  expect(gallery.body.toString()).toContain('the gallery');
});
