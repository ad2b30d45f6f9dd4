/**
 * Props JSON cannot carry, as the pages router treats them: a build error for prerendered
 * pages (as next build); in production a server page is served with the props as JSON
 * carries them (as next start), its route's first answer logging one WARN line with the key
 * path; stratus dev refuses them on every request (test/cli/dev).
 */
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

test('in production a server page whose props hold a Map is served as next start serves it, with one WARN line naming the key path', async () => {
  const dir = appWith({
    'pages/live.tsx': 'export default function P({ tags }: { tags: unknown }) { return <p id="tags">{JSON.stringify(tags)}</p>; }\nexport function getServerSideProps() { return { props: { tags: new Map([["a", 1]]) } }; }\n',
  });
  const app = await buildApp(dir);
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  try {
    for (let i = 0; i < 3; i++) {
      const response = (await app.handler(functionUrlEvent('/live'))) as { statusCode: number; body: string };
      expect(response.statusCode).toBe(200);
      // The data script holds what JSON makes of a Map, as under next start.
      expect(response.body).toContain('"tags":{}');
    }
  } finally {
    write.mockRestore();
    app.cleanup();
  }
  const warnings = lines.join('').split('\n').filter((line) => line.includes('"level":"WARN"') && line.includes('JSON cannot carry'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('getServerSideProps of pages/live.tsx returned props.tags: a Map, which JSON cannot carry');
});
