import { configRuntime, exportedNames, parseModule, stripDataFunctions } from '../../../cli/builder/page-source';

describe('stripDataFunctions', () => {
  test('removes data functions and the imports only they used', () => {
    const out = stripDataFunctions(`
import { readFileSync } from 'node:fs';
import { readSecret, shared } from './secret';
import { jsx } from 'react/jsx-runtime';
import './styles.css';
const helper = () => readSecret();
export default function Page(props) { return jsx('p', { children: shared(props.x) }); }
export async function getServerSideProps() { return { props: { x: readFileSync('a') + helper() } }; }
`);
    expect(out).not.toMatch(/node:fs|readSecret|helper|getServerSideProps/);
    expect(out).toContain("import { shared } from './secret';");
    expect(out).toContain("import './styles.css';");
    expect(out).toContain('export default function Page');
  });

  test('handles const exports and export lists', () => {
    const out = stripDataFunctions(`
import db from 'db';
const getStaticPaths = () => db.paths();
export const getStaticProps = async () => ({ props: db.get() });
export { getStaticPaths };
export const config = { a: 1 };
export default () => null;
`);
    expect(out).not.toMatch(/\bdb\b|getStatic/);
    expect(out).toContain('export const config');
  });

  test('a page that re-exports another keeps the component and drops the data function (as esbuild writes the re-export)', () => {
    const out = stripDataFunctions(`
import { default as default2, getStaticProps } from "./other";
export {
  default2 as default,
  getStaticProps
};
`);
    expect(out).toMatch(/import \{ default as default2 \} from "\.\/other";/);
    expect(out).toMatch(/export \{ default2 as default \};/);
    expect(out).not.toContain('getStaticProps');
  });

  test('a direct re-export list keeps its source', () => {
    const out = stripDataFunctions(`export { default, getServerSideProps } from './other';\n`);
    expect(out.trim()).toBe("export { default } from './other';");
  });

  test('keeps what the page itself also uses', () => {
    const out = stripDataFunctions(`
import { format } from './format';
export default function Page() { return format(1); }
export function getStaticProps() { return { props: { a: format(2) } }; }
`);
    expect(out).toContain("import { format } from './format';");
  });

  test('exportedNames lists declarations, lists and default', () => {
    const names = exportedNames(parseModule('export default 1; export function getStaticProps() {} const a = 1; export { a as b };'));
    expect([...names].sort()).toEqual(['b', 'default', 'getStaticProps']);
  });
});

describe('configRuntime', () => {
  test('reads a literal runtime from export const config, as the pages router does, and nothing computed', () => {
    const read = (code: string) => configRuntime(parseModule(code));
    expect(read("export const config = { runtime: 'edge' }; export default () => null;")).toBe('edge');
    expect(read("export const config = { api: { bodyParser: false }, 'runtime': 'experimental-edge' };")).toBe('experimental-edge');
    expect(read("const runtime = 'edge'; export const config = { runtime };")).toBeUndefined();
    expect(read("export const config = { ['runtime']: 'edge' };")).toBeUndefined();
    expect(read("export const other = { runtime: 'edge' };")).toBeUndefined();
    expect(read('export default () => null;')).toBeUndefined();
  });
});

test('configRuntime reads the config as esbuild spells it (declared, then exported in a list), not an unexported one', () => {
  expect(configRuntime(parseModule("const config = { runtime: 'edge' };\nexport { config };"))).toBe('edge');
  expect(configRuntime(parseModule("const config = { runtime: 'edge' };\nexport default config;"))).toBeUndefined();
});
