/**
 * No request changes a later answer of the local server (issue "Hardening", item 2): names
 * that are also `Object.prototype`'s (`__proto__`, `constructor`, …) sent as query, cookie
 * and header names, and nested in `a[__proto__][x]=1` forms, on every path kind. Clean
 * requests answer byte for byte as they did before them, and no hostile request gets a
 * 5xx or breaks the answer contract (test/helpers/answer-contract.ts).
 */
import path from 'node:path';
import fc from 'fast-check';
import { answerProblems } from '../../helpers/answer-contract';
import { FIXTURES } from '../../helpers/build-app';
import { PROTOTYPE_NAMES, requestArb, siteShapeOf, type SiteShape } from '../../helpers/hostile-input';
import { startLocalServer, type LocalServer } from '../../helpers/local-server';
import { checkProperty } from '../../helpers/property';
import { sendRaw, type RawRequest, type RawResponse } from '../../helpers/raw-http';

let server: LocalServer;
let site: SiteShape;
let clean: RawRequest[];
let baseline: RawResponse[];

/** One request on each path kind, each origin and each edge answer, that answers the same every time. */
function cleanRequests(buildId: string, script: string): RawRequest[] {
  const get = (target: string, headers: [string, string][] = []): RawRequest => ({ method: 'GET', target, headers });
  return [
    get('/'),
    get('/about'),
    get('/about/?x=1'),
    get('/', [['Accept-Language', 'fr']]),
    get('/en/about?y=2'),
    get('/missing'),
    get('/props-echo/1?q=1&q=2', [['X-Test', 'h'], ['Cookie', 'flavour=mint']]),
    get(`/_app/data/${buildId}/static-data/a.json`),
    get(`/_app/data/${buildId}/props-echo/5.json?z=3`),
    get('/_app/image?url=/robots.txt&w=99'),
    get('/_app/image?url=/robots.txt&w=640'),
    get('/robots.txt'),
    get(script),
    { method: 'HEAD', target: '/about' },
    { method: 'POST', target: '/about', headers: [['Content-Type', 'application/x-www-form-urlencoded']], body: 'a=1' },
  ];
}

/** Each prototype name as a query name, a nested query key, a cookie name and a header name, on each clean target. */
function prototypeNameRequests(targets: readonly string[]): RawRequest[] {
  const requests: RawRequest[] = [];
  for (const target of targets) {
    const join = target.includes('?') ? '&' : '?';
    for (const name of PROTOTYPE_NAMES) {
      requests.push(
        { method: 'GET', target: `${target}${join}${name}=x` },
        { method: 'GET', target: `${target}${join}${name}=x&${name}=y` },
        { method: 'GET', target: `${target}${join}a[${name}][x]=1&${name}[multiValue]=1` },
        { method: 'GET', target, headers: [['Cookie', `${name}=x; ${name}=y; a[${name}]=1`]] },
        { method: 'GET', target, headers: [[name, 'x'], [name, 'y']] },
        { method: 'HEAD', target: `${target}${join}${name}` },
      );
    }
  }
  return requests;
}

function sameAnswer(before: RawResponse, after: RawResponse): boolean {
  return before.head === after.head && before.wireBody.equals(after.wireBody);
}

/** The clean requests whose answers differ from the baseline, with both answers' heads. */
async function changedAnswers(): Promise<string[]> {
  const changed: string[] = [];
  for (const [i, request] of clean.entries()) {
    const now = await sendRaw(server.port, request);
    if (!sameAnswer(baseline[i]!, now)) changed.push(`${request.method} ${request.target}:\nbefore ${baseline[i]!.head}\nafter  ${now.head}`);
  }
  return changed;
}

async function problemsOf(request: RawRequest): Promise<string[]> {
  const response = await sendRaw(server.port, request);
  return answerProblems(request, response).map((problem) => `${request.method} ${JSON.stringify(request.target)} ${JSON.stringify(request.headers ?? [])}: ${problem}`);
}

beforeAll(async () => {
  server = await startLocalServer(path.join(FIXTURES, 'apps', 'basic'));
  // Pages that throw on purpose answer 500 from the app's own code: not the subject here.
  site = { ...siteShapeOf(server.manifest), pages: siteShapeOf(server.manifest).pages.filter((p) => !/throws/.test(p)) };
  clean = cleanRequests(server.manifest.buildId, server.manifest.entryScripts[0]!);
  baseline = [];
  for (const request of clean) baseline.push(await sendRaw(server.port, request));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

test('the clean requests answer the same twice (the comparison is meaningful)', async () => {
  // /en/about is the page in the default locale (200), as the pages router serves it.
  expect(baseline.map((r) => r.status)).toEqual([200, 200, 308, 307, 200, 404, 200, 200, 200, 400, 400, 200, 200, 200, 405]);
  expect(await changedAnswers()).toEqual([]);
});

test('the reported case: ?__proto__=x leaves the next trailing-slash redirect alone', async () => {
  await sendRaw(server.port, { method: 'GET', target: '/about?__proto__=x' });
  const res = await sendRaw(server.port, { method: 'GET', target: '/about/' });
  expect(res.head).toMatch(/\r\nlocation: \/about\r\n/);
});

test('prototype names as query, cookie and header names, on every path kind, change no later answer', async () => {
  const targets = clean.filter((r) => r.method === 'GET').map((r) => r.target);
  const problems: string[] = [];
  for (const request of prototypeNameRequests(targets)) problems.push(...(await problemsOf(request)));
  expect(problems).toEqual([]);
  expect(await changedAnswers()).toEqual([]);
  expect(server.alive()).toBe(true);
});

test('an absolute-form target is read as its path; `*` and a malformed Host get the 400 page', async () => {
  const absolute = await sendRaw(server.port, { method: 'GET', target: 'http://evil.example/about/?x=1' });
  expect(absolute.status).toBe(308);
  expect(absolute.head).toMatch(/\r\nlocation: \/about\?x=1\r\n/);
  for (const request of [
    { method: 'OPTIONS', target: '*' },
    { method: 'GET', target: '/_app/image?url=/robots.txt&w=640', headers: [['Host', 'a b']] as [string, string][] },
    { method: 'GET', target: '/about', headers: [['Host', 'x:99999']] as [string, string][] },
  ]) {
    const res = await sendRaw(server.port, request);
    expect(res.status).toBe(400);
    expect(res.body.toString()).toContain('<title>400: Bad Request</title>');
  }
});

test('generated hostile requests change no later answer', async () => {
  await checkProperty(
    'hostile requests leave later answers unchanged',
    fc.asyncProperty(fc.array(requestArb(site), { minLength: 1, maxLength: 4 }), fc.nat({ max: 1000 }), async (requests, pick) => {
      const problems: string[] = [];
      for (const request of requests) problems.push(...(await problemsOf(request)));
      // One clean request after each batch; every one of them at the end.
      const request = clean[pick % clean.length]!;
      const now = await sendRaw(server.port, request);
      if (!sameAnswer(baseline[pick % clean.length]!, now)) problems.push(`${request.target} changed: ${now.head}`);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }),
    200,
  );
  expect(await changedAnswers()).toEqual([]);
  expect(server.alive()).toBe(true);
});
