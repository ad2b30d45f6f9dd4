/**
 * Prerendering takes every value the pages router takes from getStaticPaths and
 * getStaticProps, with its meaning: paths as strings (a trailing slash, a locale prefix),
 * repeated paths, an optional catch-all given as null or false, `revalidate: true`, a
 * revalidate past a year (a warning), and results without props.
 */
import { functionUrlEvent } from '../../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../../helpers/build-app';
import { tempApp } from '../../../helpers/temp-app';

const page = (body: string) => `export default function Page(props) { return <p>{JSON.stringify(props)}</p>; }\n${body}`;

describe('data function results as the pages router takes them', () => {
  let app: BuiltApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const dir = tempApp({
      'next.config.js': "module.exports = { i18n: { locales: ['en', 'fr'], defaultLocale: 'en' } };",
      'pages/[name].js': page(`
        export function getStaticPaths() { return { paths: ['/a/', '/fr/b', { params: { name: 'a' } }, '/a'], fallback: false }; }
        export function getStaticProps({ params, locale }) { return { props: { name: params.name, locale }, revalidate: true }; }`),
      'pages/docs/[[...slug]].js': page(`
        export function getStaticPaths() { return { paths: [{ params: { slug: null } }, { params: { slug: false }, locale: 'fr' }, { params: { slug: ['x'] } }], fallback: false }; }
        export function getStaticProps({ params }) { return { props: { slug: params.slug ?? null }, revalidate: 40000000 }; }`),
      'pages/plain.js': page('export function getStaticProps() { return { revalidate: false }; }'),
      'pages/server.js': page('export function getServerSideProps() { return {}; }'),
      'pages/promised.js': page("export function getServerSideProps() { return { props: Promise.resolve({ later: 'yes' }) }; }"),
      'pages/extra.js': page("export function getServerSideProps() { return { props: {}, revalidate: 5 }; }"),
    });
    app = await buildApp(dir, { log: (line) => lines.push(line) });
  }, 60_000);
  afterAll(() => app?.cleanup());

  const routeOf = (pattern: string) => app.manifest.routes.find((r) => r.pattern === pattern)!;

  test('string paths lose a trailing slash, take a locale prefix as their locale, and a path listed twice is rendered once', () => {
    const pages = routeOf('/[name]').prerendered.map((p) => `${p.locale} ${p.path} ${p.revalidate}`).sort();
    // revalidate: true is one second, as the pages router reads it.
    expect(pages).toEqual(['en /a 1', 'fr /b 1']);
  });

  test('an optional catch-all given as null or false is the root', () => {
    const pages = routeOf('/docs/[[...slug]]').prerendered.map((p) => `${p.locale} ${p.path}`).sort();
    expect(pages).toEqual(['en /docs', 'en /docs/x', 'fr /docs']);
  });

  test('a revalidate past a year builds, with a warning naming the page', () => {
    expect(lines).toContain('  warning: pages/docs/[[...slug]].js: getStaticProps returned revalidate of more than a year; use false to render the page only at build time.');
    expect(routeOf('/docs/[[...slug]]').prerendered[0]!.revalidate).toBe(40000000);
  });

  test('a result without props renders the page with empty props; props may be a promise', async () => {
    expect(routeOf('/plain').prerendered).toHaveLength(2);
    const server = await app.handler(functionUrlEvent('/server'));
    expect(server.statusCode).toBe(200);
    expect(server.body).toContain('<p>{}</p>');
    const promised = await app.handler(functionUrlEvent('/promised'));
    expect(promised.body).toContain('{&quot;later&quot;:&quot;yes&quot;}');
  });

  test('a key the function may not return is refused, as the pages router refuses it, with what to do', async () => {
    const errors = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const extra = await app.handler(functionUrlEvent('/extra'));
      expect(extra.statusCode).toBe(500);
      expect(errors.mock.calls.join('\n')).toContain('getServerSideProps of pages/extra.js returned the keys [revalidate], which it cannot return (revalidate belongs to getStaticProps');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('pages the prerender cannot take as they are', () => {
  test("a page module that throws as it loads stops the build naming the page and the error, without a stack", async () => {
    const dir = tempApp({ 'pages/index.js': "const settings = undefined;\nconst region = settings.region;\nexport default function Home() { return <p>{region}</p>; }\n" }, 'stratus-load-error-');
    await expect(buildApp(dir)).rejects.toThrow(/^pages\/index\.js: the page's module threw as it loaded, so it cannot be prerendered: Cannot read properties of undefined \(reading 'region'\)$/);
  });

  test('decorators in a .js page (standard syntax) are read for its exports and compiled, not a parser crash', async () => {
    const dir = tempApp({
      'pages/index.js': "function logged(value, context) { return context.kind === 'class' ? class extends value { static decorated = true; } : value; }\n@logged\nclass Greeter { greet() { return 'hello'; } }\nexport default function Home() { return <p>{new Greeter().greet()} {String(Greeter.decorated)}</p>; }\n",
    }, 'stratus-decorators-');
    const built = await buildApp(dir);
    try {
      expect((await built.handler(functionUrlEvent('/'))).body).toContain('<p>hello<!-- --> <!-- -->true</p>');
    } finally {
      built.cleanup();
    }
  });
});
