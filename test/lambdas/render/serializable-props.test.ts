import { findPropsProblem } from '../../../lambdas/render/serializable-props';

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
});
