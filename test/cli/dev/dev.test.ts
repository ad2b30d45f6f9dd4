/**
 * `stratus dev` over HTTP, as the dev client sees it: pages carry the dev client before their
 * entry; a save sends an update naming the changed module and its new script; a page that
 * connects late gets the update it missed; a broken build sends the error with its file,
 * line and code, the last good build serving meanwhile; the fix is an update; a server render
 * error's page carries it mapped to the page's own file; static pages render on each
 * request; a change to a data function refreshes the page's data once the server has it
 * (_document's reloads); a new package
 * reloads with a new vendor script; pages added and deleted, and a module deleted once
 * nothing imports it, rebuild without an error; the dev build is kept apart from `stratus build`'s.
 * (test/browser/dev.test.ts drives the same in Chromium.)
 */
import { startDev, type DevServer } from '../../helpers/stratus-process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { NOT_STORED } from '../../../lambdas/shared/cache-control';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
let dir: string;
let dev: DevServer | undefined;
let base: string;
const output = () => dev?.output() ?? '';
const events: { event: string; data: string; at: number }[] = [];
let sse: http.ClientRequest;

const DOCUMENT = (mark: string) => `import { Html, Head, Main, NextScript } from 'next/document';\nexport default function Document() { return <Html lang="en" data-mark="${mark}"><Head /><body><Main /><NextScript /></body></Html>; }\n`;
const PAGE = (text: string) => `export default function Home() { return <h1>${text}</h1>; }\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stratus-dev-'));
  cpSync(path.join(ROOT, 'test/fixtures/apps/custom-errors'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('first version'));
  writeFileSync(path.join(dir, 'pages/explodes.tsx'), 'export default function E(): never { throw new Error("render blew up"); }\nexport function getServerSideProps() { return { props: {} }; }\n');
  writeFileSync(path.join(dir, 'pages/static-explodes.tsx'), 'export default function S(): never { throw new Error("static render blew up"); }\n');
  writeFileSync(path.join(dir, 'pages/counted.tsx'), 'let count = 0;\nexport default function C({ n }: { n: number }) { return <p>n={n}</p>; }\nexport function getStaticProps() { return { props: { n: ++count } }; }\n');
  mkdirSync(path.join(dir, 'pages/items'));
  writeFileSync(path.join(dir, 'pages/items/[id].tsx'), 'export default function I({ id }: { id: string }) { return <p>item {id}</p>; }\nexport function getStaticPaths() { return { paths: [{ params: { id: "a" } }], fallback: false }; }\nexport function getStaticProps({ params }: { params: { id: string } }) { return { props: { id: params.id } }; }\n');
  mkdirSync(path.join(dir, 'notes'));
  writeFileSync(path.join(dir, 'notes/hi.txt'), 'read from the app folder');
  writeFileSync(path.join(dir, 'pages/cwd.tsx'), 'import { readFileSync } from "fs";\nimport path from "path";\nexport default function W({ text }: { text: string }) { return <p id="cwd">{text}</p>; }\nexport function getServerSideProps() { return { props: { text: readFileSync(path.join(process.cwd(), "notes/hi.txt"), "utf8") } }; }\n');
  writeFileSync(path.join(dir, 'pages/_document.tsx'), DOCUMENT('first'));
  mkdirSync(path.join(dir, 'public'), { recursive: true });
  writeFileSync(path.join(dir, 'public/notes.txt'), 'a public file');
  writeFileSync(path.join(dir, 'pages/data.tsx'), 'export default function D({ n }: { n: number }) { return <p>n={n}</p>; }\nexport function getServerSideProps() { return { props: { n: 1 } }; }\n');
  dev = await startDev(dir, { STRATUS_DEV_TIMINGS: '1' });
  base = dev.url;
  await new Promise<void>((resolve) => {
    sse = http.get(`${base}/_stratus/dev/events`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^event: (.+)\ndata: (.*)$/gm)) {
          events.push({ event: m[1]!, data: m[2]!, at: Date.now() });
          // As a page's dev client does: the server's build waits for the pages to apply an update (or a second).
          if (m[1] === 'update') void fetch(`${base}/_stratus/dev/applied`, { method: 'POST', body: JSON.stringify({ version: (JSON.parse(m[2]!) as { version: number }).version, received: Date.now() }) });
        }
      });
      resolve();
    });
  });
}, 90_000);

afterAll(async () => {
  sse?.destroy();
  await dev?.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

async function nextEvent(after: number, name?: string, timeout = 15_000): Promise<{ event: string; data: string; at: number }> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const found = events.find((e) => e.at >= after && (!name || e.event === name));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${name ?? ''} dev event after the edit:\n${output()}`);
}

const get = async (p: string) => {
  const res = await fetch(base + p);
  return { status: res.status, body: await res.text() };
};

test('pages carry the dev client before their entry; the scripts are the development build with source maps', async () => {
  const first = await get('/');
  expect(first.body).toContain('first version');
  const client = first.body.indexOf('/_app/static/chunks/dev-client-');
  const entry = first.body.indexOf('<script type="module" src="/_app/static/chunks/main-');
  expect(client).toBeGreaterThan(0);
  expect(client).toBeLessThan(entry);
  const main = first.body.match(/src="(\/_app\/static\/chunks\/main-[^"]+)"/)![1]!;
  const script = await get(main);
  expect(script.body).toContain(`//# sourceMappingURL=${main}.map`);
  expect((await get(`${main}.map`)).status).toBe(200);
});

test('a save sends an update naming the changed module and its new script, and the next request renders the new code', async () => {
  const edited = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('second version'));
  const update = JSON.parse((await nextEvent(edited, 'update')).data) as { changed: { id: string }[]; graph: Record<string, { url: string }> };
  expect(update.changed.map((c) => c.id)).toEqual(['pages/index.tsx']);
  const script = await get(update.graph['pages/index.tsx']!.url);
  expect(script.status).toBe(200);
  // The module's entry script passes on its exports from the chunk that holds its code.
  const code = script.body.includes('second version') ? script.body : (await get(script.body.match(/from "([^"]+)"/)![1]!)).body;
  expect(code).toContain('second version');
  console.log(`stratus dev: save → update event in ${events.find((e) => e.at >= edited && e.event === 'update')!.at - edited} ms`);
  expect((await get('/')).body).toContain('second version');
});

test('a page that connects after an update gets the update it missed at once', async () => {
  const page = await get('/');
  const since = page.body.match(/<meta name="stratus-dev-version" content="(\d+)">/)![1]!;
  const edited = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('third version'));
  await nextEvent(edited, 'update');
  // A page whose dev client connects only now, naming the build its scripts came from.
  const late = await new Promise<string>((resolve, reject) => {
    let text = '';
    const request = http.get(`${base}/_stratus/dev/events?since=${since}`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (/event: update\n/.test(text)) {
          request.destroy();
          resolve(text);
        }
      });
    });
    request.on('error', () => undefined);
    setTimeout(() => reject(new Error(`no update for a late page:\n${text}`)), 5000);
  });
  const update = JSON.parse(late.match(/event: update\ndata: (.*)\n/)![1]!) as { changed: { id: string }[] };
  expect(update.changed.map((c) => c.id)).toEqual(['pages/index.tsx']);
  expect((await get('/')).body).toContain('third version');
});

test('a broken build sends the error with its file, line and code, the last good build serving; the fix is an update from that build, not a reload', async () => {
  const broke = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), 'export default function Home() { return <h1>unclosed </h1 }\n');
  const problems = JSON.parse((await nextEvent(broke, 'problems')).data) as { errors: { location: string; codeFrame: string; message: string }[] };
  expect(problems.errors[0]!.location).toMatch(/^pages\/index\.tsx:1:\d+$/);
  expect(problems.errors[0]!.codeFrame).toContain('> 1 | export default function Home()');
  const page = await get('/');
  expect(page.status).toBe(200);
  expect(page.body).toContain('third version');
  const fixed = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), PAGE('fixed version'));
  const update = JSON.parse((await nextEvent(fixed, 'update')).data) as { changed: { id: string }[] };
  expect(update.changed.map((c) => c.id)).toEqual(['pages/index.tsx']);
  expect(JSON.parse((await nextEvent(fixed, 'problems')).data)).toEqual({ errors: [], warnings: [] });
  expect(events.filter((e) => e.at >= fixed && e.event === 'reload')).toEqual([]);
  expect((await get('/')).body).toContain('fixed version');
  expect(dev!.running()).toBe(true);
});

test("a render error's page carries the error for the overlay, mapped to the page's own file and line", async () => {
  const page = await get('/explodes');
  expect(page.status).toBe(500);
  const json = page.body.match(/<script id="__STRATUS_DEV_ERROR__" type="application\/json">(.*?)<\/script>/)![1]!;
  const error = JSON.parse(json) as { message: string; frames: { file: string; line: number; app: boolean }[]; codeFrame: string };
  expect(error.message).toBe('Error: render blew up');
  expect(error.frames[0]).toMatchObject({ file: 'pages/explodes.tsx', line: 1, app: true });
  expect(error.codeFrame).toContain('> 1 | export default function E()');
  // The terminal shows the request and the stack in the app's terms.
  expect(output()).toMatch(/GET \/explodes 500/);
  expect(output()).toMatch(/Error: render blew up\n\s+at E \(pages\/explodes\.tsx:1:\d+\)/);
});

test('static pages render on each request, as under next dev: a page that throws is its own 500, not a failed build; getStaticPaths still decides the paths', async () => {
  const broken = await get('/static-explodes');
  expect(broken.status).toBe(500);
  expect(broken.body).toContain('static render blew up');
  const first = (await get('/counted')).body.match(/n=(?:<!-- -->)?(\d+)/)![1];
  const second = (await get('/counted')).body.match(/n=(?:<!-- -->)?(\d+)/)![1];
  expect(Number(second)).toBeGreaterThan(Number(first));
  expect((await get('/items/a')).body).toContain('item <!-- -->a');
  expect((await get('/items/b')).status).toBe(404);
});

test('the browser keeps nothing the app makes in dev (pages, data, public files), as under next dev; content-hashed files it may', async () => {
  const page = await fetch(`${base}/counted`);
  const data = await fetch(`${base}/_app/data/development/counted.json`);
  const file = await fetch(`${base}/notes.txt`);
  expect(await file.text()).toBe('a public file');
  for (const answer of [page, data, file]) expect(answer.headers.get('cache-control')).toBe(NOT_STORED);
  const script = (await page.text()).match(/src="(\/_app\/static\/chunks\/[^"]+)"/)![1]!;
  expect((await fetch(base + script)).headers.get('cache-control')).toMatch(/immutable/);
});

test("a change to a data function alone refreshes the page's data once the server has it, no update and no reload", async () => {
  expect((await get('/data')).body).toContain('n=<!-- -->1');
  const edited = Date.now();
  writeFileSync(path.join(dir, 'pages/data.tsx'), readFileSync(path.join(dir, 'pages/data.tsx'), 'utf8').replace('n: 1', 'n: 2'));
  await nextEvent(edited, 'refresh');
  expect(events.filter((e) => e.at >= edited && (e.event === 'update' || e.event === 'reload'))).toEqual([]);
  expect((await get('/data')).body).toContain('n=<!-- -->2');
});

test('a change to _document reloads the pages once the server has it', async () => {
  const edited = Date.now();
  expect((await get('/data')).body).toContain('data-mark="first"');
  writeFileSync(path.join(dir, 'pages/_document.tsx'), DOCUMENT('second'));
  expect(JSON.parse((await nextEvent(edited, 'reload')).data)).toBe('the server code changed');
  expect((await get('/data')).body).toContain('data-mark="second"');
});

test('a package imported for the first time reloads the page, which then loads a vendor script that has it', async () => {
  mkdirSync(path.join(dir, 'node_modules/late-pkg'), { recursive: true });
  writeFileSync(path.join(dir, 'node_modules/late-pkg/index.js'), "module.exports = function late() { return 'late package'; };\n");
  const before = (await get('/')).body.match(/src="(\/_app\/static\/chunks\/vendor-[^"]+)"/)![1]!;
  const edited = Date.now();
  writeFileSync(path.join(dir, 'pages/index.tsx'), "import late from 'late-pkg';\nexport default function Home() { return <h1>{late()}</h1>; }\n");
  expect(JSON.parse((await nextEvent(edited, 'reload')).data)).toBe('the packages changed');
  const page = (await get('/')).body;
  expect(page).toContain('late package');
  const vendor = page.match(/src="(\/_app\/static\/chunks\/vendor-[^"]+)"/)![1]!;
  expect(vendor).not.toBe(before);
  expect((await get(vendor)).body).toContain('return "late package";');
});

test('a build warning shows once when it appears (one save may make two builds), in the terminal and in the overlay', async () => {
  const edited = Date.now();
  const before = output().length;
  writeFileSync(path.join(dir, '.env'), 'DATABASE_URL=postgres://local\n');
  const problems = JSON.parse((await nextEvent(edited, 'problems')).data) as { errors: unknown[]; warnings: string[] };
  expect(problems.errors).toEqual([]);
  expect(problems.warnings).toEqual([expect.stringContaining('DATABASE_URL from .env')]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(output().slice(before).match(/⚠ warning: DATABASE_URL from \.env/g)).toHaveLength(1);
});

test("data functions run in the app's folder, wherever dev was started (here: the repository's folder), as the build's prerendering does", async () => {
  expect((await get('/cwd')).body).toContain('<p id="cwd">read from the app folder</p>');
});

const errorsSince = (at: number) => events.filter((e) => e.at >= at && e.event === 'problems' && (JSON.parse(e.data) as { errors: unknown[] }).errors.length > 0);

test('a page added is served and the pages reload; deleted, it is a 404 and the pages reload, with no build error', async () => {
  const added = Date.now();
  writeFileSync(path.join(dir, 'pages/added.tsx'), 'export default function Added() { return <p>added page</p>; }\n');
  await nextEvent(added, 'reload');
  expect((await get('/added')).body).toContain('added page');
  const deleted = Date.now();
  rmSync(path.join(dir, 'pages/added.tsx'));
  expect(JSON.parse((await nextEvent(deleted, 'reload')).data)).toBe('the pages changed');
  expect((await get('/added')).status).toBe(404);
  expect(errorsSince(added)).toEqual([]);
});

test('a module deleted after its last import was removed is no build error; the next save updates as before', async () => {
  writeFileSync(path.join(dir, 'components-extra.tsx'), 'export default function Extra() { return <em>extra</em>; }\n');
  const host = (body: string) => writeFileSync(path.join(dir, 'pages/host.tsx'), body);
  const started = Date.now();
  host("import Extra from '../components-extra';\nexport default function Host() { return <p>host <Extra /></p>; }\n");
  await nextEvent(started, 'reload');
  expect((await get('/host')).body).toContain('<em>extra</em>');
  const unimported = Date.now();
  host('export default function Host() { return <p>host alone</p>; }\n');
  await nextEvent(unimported, 'update');
  const deleted = Date.now();
  rmSync(path.join(dir, 'components-extra.tsx'));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const edited = Date.now();
  host('export default function Host() { return <p>host edited</p>; }\n');
  const update = JSON.parse((await nextEvent(edited, 'update')).data) as { changed: { id: string }[] };
  expect(update.changed.map((c) => c.id)).toEqual(['pages/host.tsx']);
  expect((await get('/host')).body).toContain('host edited');
  expect(errorsSince(deleted)).toEqual([]);
});

test('the dev build is kept apart from the production one', () => {
  expect(() => readFileSync(path.join(dir, '.stratus/manifest.json'))).toThrow();
});
