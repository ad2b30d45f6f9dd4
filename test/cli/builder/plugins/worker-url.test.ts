/**
 * Web Workers as `next build` bundles them: `new Worker(new URL('./w.ts', import.meta.url))`
 * in a page or a component gets the worker file built as a script of its own (its imports
 * and TypeScript compiled, `process.env.NODE_ENV` set), which the page's chunk names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { build } from '../../../../cli/builder/build';
import { tempApp } from '../../../helpers/temp-app';
import { prerenderedHtml } from '../../../helpers/prerendered';

/** Runs a worker script as a browser runs it, alone, and answers with what it posts back for `message`. */
function askWorker(script: string, message: unknown): unknown {
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const posted: unknown[] = [];
  const scope = { addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.push(listener), postMessage: (data: unknown) => posted.push(data) };
  // A script, not a module: an `import` left in it would be a syntax error here, as in a classic worker.
  vm.runInNewContext(script, Object.assign(scope, { globalThis: scope }));
  for (const listener of listeners) listener({ data: message });
  return posted[0];
}

test('a page and a component each get their worker as a script of their own, named by their chunks under the basePath', async () => {
  const dir = tempApp({
    'stratus.config.ts': "export default { basePath: '/docs' };\n",
    'lib/math.ts': 'export const double = (n: number): number => n * 2;\n',
    'workers/double.ts': "import { double } from '../lib/math';\nconst mode: string = process.env.NODE_ENV;\naddEventListener('message', (event: MessageEvent<number>) => postMessage(`${double(event.data)} ${mode}`));\n",
    'workers/triple.js': "addEventListener('message', (event) => postMessage(event.data * 3));\n",
    'components/Tripler.js':
      "import { useEffect, useState } from 'react';\nexport default function Tripler() {\n  const [answer, setAnswer] = useState('waiting');\n  useEffect(() => {\n" +
      "    const worker = new Worker(new URL('../workers/triple.js', import.meta.url));\n    worker.onmessage = (event) => setAnswer(String(event.data));\n    worker.postMessage(5);\n  }, []);\n  return <p>{answer}</p>;\n}\n",
    'pages/index.tsx':
      "import { useEffect, useState } from 'react';\nimport Tripler from '../components/Tripler';\nexport default function Home() {\n  const [answer, setAnswer] = useState('waiting');\n  useEffect(() => {\n" +
      "    const worker = new Worker(\n      new URL('../workers/double.ts', import.meta.url),\n      { type: 'module' },\n    );\n    worker.onmessage = (event: MessageEvent<string>) => setAnswer(event.data);\n    worker.postMessage(20);\n  }, []);\n  return <main><p>{answer}</p><Tripler /></main>;\n}\n",
  });
  const { outDir } = await build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false });
  const staticDir = path.join(outDir, 'assets/docs/_app/static');
  const files = readdirSync(staticDir, { recursive: true }).map((file) => String(file).split(path.sep).join('/'));
  const workers = files.filter((file) => /(^|\/)worker-/.test(file)).sort();
  expect(workers).toEqual([expect.stringMatching(/^media\/worker-double-\w+\.js$/), expect.stringMatching(/^media\/worker-triple-\w+\.js$/)]);

  // The chunks name the scripts by their URLs, and no longer the source files.
  const chunks = files.filter((file) => file.startsWith('chunks/') && file.endsWith('.js')).map((file) => readFileSync(path.join(staticDir, file), 'utf8')).join('\n');
  for (const worker of workers) expect(chunks).toContain(`"/docs/_app/static/${worker}"`);
  expect(chunks).not.toMatch(/workers\/(double\.ts|triple\.js)/);

  // Each script holds all it needs: run alone, it answers.
  const [double, triple] = workers.map((worker) => readFileSync(path.join(staticDir, worker), 'utf8'));
  expect(askWorker(double!, 20)).toBe('40 production');
  expect(askWorker(triple!, 5)).toBe(15);
  // Minified, and `{ type: 'module' }` gives a module's format, the other a classic script's.
  expect(double!.split('\n').length).toBeLessThanOrEqual(3);
  expect(triple).toMatch(/\(\(\)=>\{/);
  expect(double).not.toMatch(/\(\(\)=>\{/);

  // The server's render is untouched by it (it never starts the worker).
  expect(prerenderedHtml(outDir, '/')).toContain('<main><p>waiting</p><p>waiting</p></main>');
});

test('a worker file that does not exist stops the build, naming the file, the line and the path', async () => {
  const dir = tempApp({
    'pages/index.js':
      "import { useEffect } from 'react';\nexport default function Home() {\n  useEffect(() => {\n    new SharedWorker(new URL('../workers/gone.js', import.meta.url));\n  }, []);\n  return <p>hi</p>;\n}\n",
  });
  await expect(build({ appDir: dir, outDir: path.join(dir, '.stratus'), imageLambda: false })).rejects.toThrow(
    /pages\/index\.js:4:\d+: Worker file not found: new URL\("\.\.\/workers\/gone\.js", import\.meta\.url\) names .*workers\/gone\.js, which does not exist/,
  );
});
