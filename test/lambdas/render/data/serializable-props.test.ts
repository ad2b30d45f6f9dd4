import fc from 'fast-check';
import { findPropsProblem } from '../../../../lambdas/render/data/serializable-props';
import { checkProperty } from '../../../helpers/property';

class Post {
  title = 't';
}

describe('findPropsProblem', () => {
  test('plain JSON values pass, null-prototype objects too', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(findPropsProblem({ s: 'x', n: 1.5, b: false, z: null, list: [1, { deep: ['y'] }], bare })).toBeNull();
  });

  test.each([
    [{ post: { date: new Date(0) } }, 'props.post.date', 'a Date'],
    [{ a: undefined }, 'props.a', '`undefined`'],
    [{ list: [1, () => 2] }, 'props.list[1]', 'a function'],
    [{ m: new Map() }, 'props.m', 'a Map'],
    [{ s: new Set() }, 'props.s', 'a Set'],
    [{ p: new Post() }, 'props.p', 'an instance of Post'],
    [{ big: 1n }, 'props.big', 'a bigint'],
    [{ n: Number.NaN }, 'props.n', 'NaN'],
    [{ 'odd-key': { x: Infinity } }, 'props["odd-key"].x', 'Infinity'],
  ])('%o → %s is %s', (props, path, found) => {
    expect(findPropsProblem(props)).toMatchObject({ path, found });
  });

  test('a cycle is named where it closes; a value shared twice is fine', () => {
    const post: Record<string, unknown> = { title: 't' };
    post.self = post;
    expect(findPropsProblem({ post })).toMatchObject({ path: 'props.post.self', found: 'a circular reference' });
    const shared = { x: 1 };
    expect(findPropsProblem({ a: shared, b: [shared, shared] })).toBeNull();
  });

  test('a deep tree (deeper than the first pass goes) passes; a Date deep in it is found with its path', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 300; i++) deep = { next: deep };
    expect(findPropsProblem({ deep })).toBeNull();
    let dated: Record<string, unknown> = { when: new Date(0) };
    for (let i = 0; i < 300; i++) dated = { next: dated };
    const problem = findPropsProblem({ dated });
    expect(problem).toMatchObject({ found: 'a Date' });
    expect(problem!.path).toBe(`props.dated${'.next'.repeat(300)}.when`);
  });

  test('each problem says what to return instead', () => {
    expect(findPropsProblem({ d: new Date() })?.fix).toMatch(/toISOString/);
  });

  test('null exactly when JSON carries every value as it is (generated values, hostile keys, shared and cyclic objects)', async () => {
    // The oracle: what JSON.stringify would keep unchanged, spelt out plainly.
    function carried(value: unknown, open: Set<object>): boolean {
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
      if (typeof value === 'number') return Number.isFinite(value);
      if (typeof value !== 'object') return false;
      if (open.has(value)) return false;
      const proto = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
      open.add(value);
      const fine = Object.keys(value).every((key) => carried((value as Record<string, unknown>)[key], open));
      open.delete(value);
      return fine;
    }
    const leaf = fc.oneof(
      fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null), fc.double(), fc.integer(),
      fc.constantFrom(undefined, () => 1, 1n, Symbol('s'), new Date(0), new Map(), new Set(), new Post()),
    );
    const tree = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object'), tie('bare')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('__proto__', 'constructor')), tie('value'), { maxKeys: 4 }),
      bare: fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 3, noNullPrototype: false }).map((d) => Object.assign(Object.create(null) as object, d)),
    })).value;
    await checkProperty(
      'findPropsProblem is null exactly for JSON-safe props',
      fc.property(tree, fc.boolean(), (value, cyclic) => {
        const props: Record<string, unknown> = { value };
        if (cyclic) props.again = props;
        const problem = findPropsProblem(props);
        expect(problem === null).toBe(carried(props, new Set()));
        if (problem) expect(problem.path.startsWith('props')).toBe(true);
      }),
      600,
    );
  });
});
