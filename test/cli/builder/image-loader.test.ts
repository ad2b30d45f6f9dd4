/**
 * `images.loaderFile` (with `loader: 'custom'`), as next build uses it: every `<Image>` URL is
 * the app's loader's, in the server's HTML and in the browser's code alike; a loaderFile that
 * is not there stops the build saying so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

const PAGE = "import Image from 'next/image';\nexport default function Home() { return <Image src=\"samples/dog.jpg\" alt=\"dog\" width={300} height={200} quality={60} />; }\nexport function getServerSideProps() { return { props: {} }; }\n";

test("the app's loader makes every candidate's URL, on the server and in the browser", async () => {
  const dir = tempApp({
    'next.config.js': "module.exports = { images: { loader: 'custom', loaderFile: './lib/cdn-loader.js' } };\n",
    'lib/cdn-loader.js': "export default function cdnLoader({ src, width, quality }) { return `https://cdn.example/${src}?w=${width}&q=${quality || 75}&from=cdn-loader`; }\n",
    'pages/index.js': PAGE,
  }, 'stratus-image-loader-');
  const lines: string[] = [];
  const built = await buildApp(dir, { log: (line) => lines.push(line) });
  try {
    expect(lines.filter((line) => /images\./.test(line))).toEqual([]);
    const html = (await built.handler(functionUrlEvent('/'))).body!;
    expect(html).toContain('srcSet="https://cdn.example/samples/dog.jpg?w=384&amp;q=60&amp;from=cdn-loader 1x, https://cdn.example/samples/dog.jpg?w=640&amp;q=60&amp;from=cdn-loader 2x"');
    const chunks = path.join(built.outDir, 'assets/_app/static/chunks');
    expect(readdirSync(chunks).some((name) => readFileSync(path.join(chunks, name), 'utf8').includes('from=cdn-loader'))).toBe(true);
  } finally {
    built.cleanup();
  }
});

test('a loaderFile that is not there stops the build, naming it', async () => {
  const dir = tempApp({ 'next.config.js': "module.exports = { images: { loader: 'custom', loaderFile: './missing-loader.js' } };\n", 'pages/index.js': PAGE }, 'stratus-image-loader-');
  await expect(buildApp(dir)).rejects.toThrow("images.loaderFile: ./missing-loader.js is not there (a path from the app's folder, such as './image-loader.js').");
});
