/**
 * `typeof window` folded to a constant per bundle, as next build does: only real `typeof
 * window` expressions, never text in strings, comments or JSX, and not where the file
 * declares a `window` of its own; a server-only import behind it stays out of the browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { foldTypeofWindow } from '../../../cli/builder/typeof-window';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

const asIs = (_file: string, source: string) => source;

test("real typeof window expressions become 'object' in the browser and 'undefined' on the server; text about them stays", () => {
  const source = [
    "const onServer = typeof window === 'undefined';",
    "const alsoServer = typeof(window) == 'undefined';",
    "// typeof window in a comment",
    "const text = 'typeof window in a string';",
    "export const Doc = () => <code>typeof window</code>;",
  ].join('\n');
  const browser = foldTypeofWindow(asIs, 'browser')('/app/lib/a.jsx', source);
  expect(browser).toContain("const onServer = 'object' === 'undefined';");
  expect(browser).toContain("const alsoServer = 'object' == 'undefined';");
  expect(browser).toContain('// typeof window in a comment');
  expect(browser).toContain("'typeof window in a string'");
  expect(browser).toContain('<code>typeof window</code>');
  expect(foldTypeofWindow(asIs, 'server')('/app/lib/a.jsx', source)).toContain("const onServer = 'undefined' === 'undefined';");
  // TypeScript, after the app's own transforms.
  const ts = foldTypeofWindow((_file, code) => code.replace('X', 'Y'), 'server')('/app/lib/b.ts', "const x: boolean = typeof window !== 'undefined'; // X");
  expect(ts).toBe("const x: boolean = 'undefined' !== 'undefined'; // Y");
});

test('a file with decorators parses as the other passes parse it, and is folded too', () => {
  const source = "@Entity()\nexport class User { @Column() name: string = ''; }\nexport const inBrowser = typeof window !== 'undefined';";
  expect(foldTypeofWindow(asIs, 'browser')('/app/lib/user.ts', source)).toContain("export const inBrowser = 'object' !== 'undefined';");
});

test('a file with a window of its own is left as it is', () => {
  for (const source of ["function f(window) { return typeof window; }", "const window = globalThis; export const t = typeof window;", "import window from './win'; export const t = typeof window;"]) {
    expect(foldTypeofWindow(asIs, 'browser')('/app/lib/c.js', source)).toBe(source);
  }
});

test("a server-only import behind typeof window === 'undefined' builds (it stopped the browser build) and runs on the server alone", async () => {
  const dir = tempApp(
    {
      'lib/server-only.js': "import { AsyncLocalStorage } from 'async_hooks';\nexport function serverOnly() { globalThis.__serverOnly = new AsyncLocalStorage() instanceof AsyncLocalStorage; }\n",
      'pages/index.js': "if (typeof window === 'undefined') { require('../lib/server-only').serverOnly(); }\nexport default function Home() { return <h1>{typeof window === 'undefined' ? 'server' : 'browser'} {String(globalThis.__serverOnly)}</h1>; }\nexport function getServerSideProps() { return { props: {} }; }\n",
    },
    'stratus-typeof-window-',
  );
  const built = await buildApp(dir);
  try {
    expect((await built.handler(functionUrlEvent('/'))).body).toContain('<h1>server<!-- --> <!-- -->true</h1>');
    const chunks = path.join(built.outDir, 'assets/_app/static/chunks');
    const browser = readdirSync(chunks).map((name) => readFileSync(path.join(chunks, name), 'utf8')).join('\n');
    expect(browser).not.toContain('AsyncLocalStorage');
    expect(browser).not.toContain('async_hooks');
  } finally {
    built.cleanup();
  }
});

