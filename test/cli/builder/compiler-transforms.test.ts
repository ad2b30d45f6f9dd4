/**
 * next.config's `compiler` options, applied as `next build` applies them, to the files that
 * need them: Emotion's and styled-components' own Babel plugins, removeConsole and
 * reactRemoveProperties; the server's HTML and the browser's bundle alike.
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { compilerTransform } from '../../../cli/builder/compiler-transforms';
import { NODE_MODULES } from '../../../cli/paths';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

const REPO = path.dirname(NODE_MODULES);
const transform = (options: Parameters<typeof compilerTransform>[1], source: string, file = 'pages/index.tsx') => compilerTransform(REPO, options)!(path.join(REPO, file), source);

describe('the transforms', () => {
  test('removeConsole: every console call goes, but the excluded methods', () => {
    const out = transform({ removeConsole: { exclude: ['error'] } }, "console.log('a'); console.error('b'); const x = console.info('c'); console['warn']('d');");
    expect(out).not.toMatch(/console\.log|console\.info|console\['warn'\]/);
    expect(out).toContain("console.error('b')");
    expect(out).toContain('const x = undefined');
  });

  test('reactRemoveProperties: ^data-test by default, or the patterns given', () => {
    expect(transform({ reactRemoveProperties: true }, 'export const A = () => <div data-testid="x" data-track="y" id="z" />;')).toMatch(/<div data-track="y" id="z" \/>/);
    expect(transform({ reactRemoveProperties: { properties: ['^data-track$'] } }, 'export const A = () => <div data-testid="x" data-track="y" />;')).toMatch(/<div data-testid="x" \/>/);
  });

  test("emotion and styled-components: the libraries' own plugins, on the files that import them", () => {
    const emotion = transform({ emotion: true }, "import styled from '@emotion/styled';\nexport const Child = styled.div`color: red;`;");
    expect(emotion).toMatch(/target: "e\w+"/);
    const styled = transform({ styledComponents: true }, "import styled from 'styled-components';\nexport const Box = styled.div`color: red;`;");
    expect(styled).toMatch(/withConfig\(\{\s*componentId: "sc-/);
  });

  test("reactCompiler (next.config's top level): the React Compiler's own plugin memoizes components, first of the transforms; files without components or hooks are left alone", () => {
    const out = transform({ reactCompiler: true, removeConsole: true }, "export default function Total({ items }) { console.log('x'); const sum = items.reduce((a, b) => a + b, 0); return <p>{sum}</p>; }");
    expect(out).toContain('react/compiler-runtime');
    expect(out).toMatch(/const \$ = _c\(\d+\)/);
    expect(out).not.toContain('console.log');
    const plain = 'export const add = (a, b) => a + b;';
    expect(transform({ reactCompiler: true }, plain, 'lib/math.ts')).toBe(plain);
    // Annotation mode compiles only what says "use memo".
    expect(transform({ reactCompiler: { compilationMode: 'annotation' } }, 'export default function A({ x }) { return <p>{x}</p>; }')).not.toContain('react/compiler-runtime');
  });

  test('styled-jsx, with or without compiler options: a <style jsx> becomes scoped classes and its styles, and the file registers the server\'s collector', () => {
    const out = transform(undefined, 'export default function A() { return <p className="t">x<style jsx>{`.t { color: red; }`}</style></p>; }');
    expect(out).toContain('styled-jsx/style');
    expect(out).toMatch(/className: "jsx-\d+ t"|className=\{"jsx-\d+" \+ " " \+ "t"\}|jsx-\d+/);
    expect(out).toMatch(/^import ".*styled-jsx-collector\.ts";/);
    const global = transform({ removeConsole: true }, "import css from 'styled-jsx/css';\nexport const button = css`button { color: blue; }`;");
    expect(global).toContain('styled-jsx-collector');
  });

  test('a file that needs none of them is returned as it is, unparsed', () => {
    const source = 'export const A = () => <p>plain</p>;';
    expect(transform({ emotion: true, removeConsole: true, reactRemoveProperties: true }, source)).toBe(source);
    expect(compilerTransform(REPO, {})(path.join(REPO, 'pages/a.tsx'), source)).toBe(source);
  });

  test('an app that lists only the library gets Stratus\'s own copy of its plugin, as Next\'s compiler has them built in', () => {
    const outside = (options: Parameters<typeof compilerTransform>[1], source: string) => compilerTransform('/nonexistent-app', options)!('/nonexistent-app/pages/index.tsx', source);
    expect(outside({ styledComponents: true }, "import styled from 'styled-components';\nexport const Box = styled.div`color: red;`;")).toMatch(/componentId: "sc-/);
    expect(outside({ emotion: true }, "import styled from '@emotion/styled';\nexport const Child = styled.div`color: red;`;")).toMatch(/target: "e\w+"/);
  });
});

describe('an app built with them', () => {
  let app: BuiltApp;
  beforeAll(async () => {
    const dir = tempApp({
      'next.config.js': "module.exports = { compiler: { emotion: true, removeConsole: { exclude: ['error'] }, reactRemoveProperties: true } };",
      'components/Card.js': `import styled from '@emotion/styled';
        export const Title = styled.h2\`font-size: 2rem;\`;
        // A component selector: only with Emotion's Babel plugin.
        export const Card = styled.section\`\${Title} { color: rebeccapurple; }\`;`,
      'pages/index.js': `import { Card, Title } from '../components/Card';
        export default function Home() {
          console.log('kept out of the build');
          return <Card data-testid="card"><Title>Hello</Title></Card>;
        }
        export function getServerSideProps() { return { props: {} }; }`,
    });
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(path.join(NODE_MODULES, '@emotion'), path.join(dir, 'node_modules', '@emotion'));
    app = await buildApp(dir);
  }, 60_000);
  afterAll(() => app?.cleanup());

  test('Emotion component selectors apply; data-test properties and console calls are gone, on the server and in the browser', async () => {
    const html = (await app.handler(functionUrlEvent('/'))).body!;
    expect(html).toMatch(/\.css-\w+ \.e\w+\{color:rebeccapurple;\}/);
    expect(html).not.toContain('data-testid');
    const chunks = path.join(app.outDir, 'assets', '_app', 'static', 'chunks');
    const browser = readdirSync(chunks).map((name) => readFileSync(path.join(chunks, name), 'utf8')).join('\n');
    expect(browser).not.toContain('kept out of the build');
    expect(browser).not.toContain('data-testid');
    expect(readFileSync(path.join(app.outDir, 'lambdas', 'render', 'app.js'), 'utf8')).not.toContain('kept out of the build');
  });
});
