/**
 * `emitDecoratorMetadata` as `next build` honours it: the design types TypeORM, type-graphql
 * and DI containers read (`Reflect.getMetadata('design:type', …)`), on the server and in the
 * browser; and decorators in a file that goes through Babel for another reason still parse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compilerTransform } from '../../../cli/builder/compiler-transforms';
import { decoratorSettings, mayHaveDecorators } from '../../../cli/builder/decorators';
import { functionUrlEvent } from '../../helpers/function-url-event';
import { buildApp, type BuiltApp } from '../../helpers/build-app';
import { tempApp } from '../../helpers/temp-app';

const TSCONFIG = '{\n  // as apps write them: comments, trailing commas\n  "compilerOptions": { "experimentalDecorators": true, "emitDecoratorMetadata": true, "jsx": "preserve", },\n}\n';

// reflect-metadata's two calls, as small as a test needs: apps import the package.
const REFLECT = `const store = new Map<unknown, Map<string, unknown>>();
const keyOf = (target: object, property?: string | symbol) => (property === undefined ? target : \`\${String(property)}@\${(target as { constructor: { name: string } }).constructor.name}\`);
(Reflect as any).metadata = (name: string, value: unknown) => (target: object, property?: string) => {
  const key = keyOf(target, property);
  if (!store.has(key)) store.set(key, new Map());
  store.get(key)!.set(name, value);
};
(Reflect as any).getMetadata = (name: string, target: object, property?: string) => store.get(keyOf(target, property))?.get(name);
export {};
`;

const ENTITY = `import { Clock } from './clock';
function Entity() { return (constructor: Function) => constructor; }
function Column() { return (_target: object, _key: string) => undefined; }
function Inject(_token: string) { return (_target: object, _key: string | undefined, _index: number) => undefined; }
@Entity()
export class User {
  @Column() name: string = '';
  @Column() age: number = 0;
  @Column() born?: Date;
  constructor(@Inject('clock') readonly clock: Clock, readonly id: number) {}
}
`;

// By identity for the app's own class: the bundles minify its name.
const names = `const typeName = (t: unknown) => (t === Clock ? 'Clock' : typeof t === 'function' ? t.name : String(t));
export function designTypes() {
  return {
    name: typeName(Reflect.getMetadata('design:type', User.prototype, 'name')),
    age: typeName(Reflect.getMetadata('design:type', User.prototype, 'age')),
    born: typeName(Reflect.getMetadata('design:type', User.prototype, 'born')),
    params: (Reflect.getMetadata('design:paramtypes', User) ?? []).map(typeName).join(','),
  };
}`;

describe('the transform', () => {
  test('reads the tsconfig (comments, extends) and adds the design types to a TypeScript file with decorators only', () => {
    const dir = tempApp({ 'base.json': '{ "compilerOptions": { "experimentalDecorators": true, "emitDecoratorMetadata": true } }', 'tsconfig.json': '{ "extends": "./base.json" }' });
    expect(decoratorSettings(dir)).toEqual({ legacy: true, metadata: true });
    const transform = compilerTransform(dir, {});
    const out = transform(path.join(dir, 'lib/user.ts'), ENTITY);
    expect(out).toContain('Reflect.metadata("design:type", String)');
    expect(out).toMatch(/Reflect\.metadata\("design:paramtypes", \[typeof Clock === "undefined" \? Object : Clock, Number\]\)/);
    // Without decorators, or in a .js file, nothing is parsed.
    const plain = 'export const a = "x@y.z"; /** @param b */ export function f(b: number) { return b; }';
    expect(transform(path.join(dir, 'lib/plain.ts'), plain)).toBe(plain);
    expect(mayHaveDecorators("import x from '@/lib/x';")).toBe(false);
  });

  test('without emitDecoratorMetadata the file is left to esbuild; a file Babel parses for another step keeps its decorators', () => {
    const dir = tempApp({ 'tsconfig.json': '{ "compilerOptions": { "experimentalDecorators": true } }' });
    expect(decoratorSettings(dir)).toEqual({ legacy: true, metadata: false });
    expect(compilerTransform(dir, {})(path.join(dir, 'lib/user.ts'), ENTITY)).toBe(ENTITY);
    const out = compilerTransform(dir, { removeConsole: true })(path.join(dir, 'lib/user.ts'), `${ENTITY}console.log('x');`);
    expect(out).toContain('@Column()');
    expect(out).not.toContain('console.log');
    expect(out).not.toContain('design:type');
  });
});

describe('an app built with it', () => {
  let app: BuiltApp;
  beforeAll(async () => {
    const dir = tempApp({
      'tsconfig.json': TSCONFIG,
      'lib/reflect.ts': REFLECT,
      'lib/clock.ts': 'export class Clock { now() { return 0; } }\n',
      'lib/user.ts': ENTITY,
      'pages/index.tsx': `import '../lib/reflect';
import { useEffect, useState } from 'react';
import { User } from '../lib/user';
import { Clock } from '../lib/clock';
${names}
export default function Home({ server }: { server: ReturnType<typeof designTypes> }) {
  const [browser, setBrowser] = useState<ReturnType<typeof designTypes>>();
  useEffect(() => setBrowser(designTypes()), []);
  return <p id="types">{JSON.stringify({ server, browser })}</p>;
}
export function getServerSideProps() { return { props: { server: designTypes() } }; }
`,
    });
    app = await buildApp(dir);
  }, 60_000);
  afterAll(() => app?.cleanup());

  test('the design types reach the server, and the browser bundle carries them too', async () => {
    const html = (await app.handler(functionUrlEvent('/'))).body!;
    const expected = { name: 'String', age: 'Number', born: 'Date', params: 'Clock,Number' };
    const shown = JSON.parse(html.match(/<p id="types">([^<]*)<\/p>/)![1]!.replace(/&quot;/g, '"'));
    expect(shown.server).toEqual(expected);
    const chunks = path.join(app.outDir, 'assets', '_app', 'static', 'chunks');
    const browser = readdirSync(chunks).map((name) => readFileSync(path.join(chunks, name), 'utf8')).join('\n');
    expect(browser).toContain('design:paramtypes');
  });
});
