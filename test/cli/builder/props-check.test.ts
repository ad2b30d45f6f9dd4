/** Props JSON cannot carry: a build error for prerendered pages, a 500 with the reason logged for server pages. */
import path from 'node:path';
import { build } from '../../../cli/builder/build';
import { buildApp } from '../../helpers/build-app';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { tempApp } from '../../helpers/temp-app';

const appWith = (files: Record<string, string>) => tempApp(files, 'stratus-props-');

test('a prerendered page whose props hold a Date fails the build, naming the page, the function and the key path', async () => {
  const dir = appWith({
    'pages/post.tsx': 'export default function P() { return null; }\nexport function getStaticProps() { return { props: { post: { date: new Date(0) } } }; }\n',
  });
  await expect(build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false })).rejects.toThrow(
    /pages\/post\.tsx: prerendering \/post \(en\) failed: getStaticProps of pages\/post\.tsx returned props\.post\.date: a Date, which JSON cannot carry/,
  );
});

test('a server page whose props hold a Map answers 500 and logs the reason', async () => {
  const dir = appWith({
    'pages/live.tsx': 'export default function P() { return null; }\nexport function getServerSideProps() { return { props: { tags: new Map() } }; }\n',
  });
  const app = await buildApp(dir);
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  try {
    const response = (await app.handler(functionUrlEvent('/live'))) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('Map');
  } finally {
    write.mockRestore();
    app.cleanup();
  }
  expect(lines.join('')).toContain('getServerSideProps of pages/live.tsx returned props.tags: a Map, which JSON cannot carry');
});
