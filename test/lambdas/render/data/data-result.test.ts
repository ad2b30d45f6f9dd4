import { createPropsChecks, DataContractError, readDataResult as readNow } from '../../../../lambdas/render/data/data-result';
import { setLogSink } from '../../../../lambdas/shared/log';

/** The outcome as a promise (readDataResult answers at once when props is not a promise; a throw becomes a rejection). */
const readDataResult = async (...args: Parameters<typeof readNow>) => readNow(...args);

describe('readDataResult', () => {
  test('props JSON carries pass', async () => {
    await expect(readDataResult('pages/a.tsx', 'getStaticProps', { props: { a: [1, 'x', null, { b: true }] }, revalidate: 5 })).resolves.toEqual({
      type: 'props', props: { a: [1, 'x', null, { b: true }] }, revalidate: 5,
    });
  });

  test('props JSON cannot carry are an error naming the page, the function, the key path and what to return', async () => {
    const result = readDataResult('pages/posts/[slug].tsx', 'getServerSideProps', { props: { post: { date: new Date(0) } } });
    await expect(result).rejects.toThrow(DataContractError);
    await expect(result).rejects.toThrow(
      'getServerSideProps of pages/posts/[slug].tsx returned props.post.date: a Date, which JSON cannot carry; return date.toISOString() (or a number) and make the Date in the component.',
    );
    await expect(readDataResult('pages/x.tsx', 'getStaticProps', { props: Promise.resolve({ items: [{ n: undefined }] }) })).rejects.toThrow(
      /getStaticProps of pages\/x\.tsx returned props\.items\[0\]\.n: `undefined`, which JSON cannot carry; use null, or leave the key out\./,
    );
  });
});

describe('every value the pages router takes, with its meaning', () => {
  const read = (fn: string, result: unknown) => readDataResult('pages/a.tsx', fn, result as never);

  test('revalidate: true is one second; false and absent never; whole seconds as given', async () => {
    await expect(read('getStaticProps', { props: {}, revalidate: true })).resolves.toMatchObject({ revalidate: 1 });
    await expect(read('getStaticProps', { props: {}, revalidate: false })).resolves.toMatchObject({ revalidate: false });
    await expect(read('getStaticProps', { props: {} })).resolves.toMatchObject({ revalidate: false });
    await expect(read('getStaticProps', { props: {}, revalidate: 31536001 })).resolves.toMatchObject({ revalidate: 31536001 });
    await expect(read('getStaticProps', { notFound: true, revalidate: true })).resolves.toEqual({ type: 'notFound', revalidate: 1 });
  });

  test('revalidate values the pages router refuses are refused with the fix', async () => {
    await expect(read('getStaticProps', { props: {}, revalidate: 1.5 })).rejects.toThrow('returned revalidate 1.5: use a whole number of seconds, such as 2 (Math.ceil()), true (1 second) or false.');
    for (const value of [0, -1, '10', null, Infinity]) {
      await expect(read('getStaticProps', { props: {}, revalidate: value })).rejects.toThrow(/use a whole number of seconds \(1 or more\), true \(1 second\) or false \(never\)/);
    }
  });

  test('no props is empty props; props may be a promise; notFound false is no notFound', async () => {
    await expect(read('getServerSideProps', {})).resolves.toEqual({ type: 'props', props: {}, revalidate: false });
    await expect(read('getStaticProps', { revalidate: 5 })).resolves.toEqual({ type: 'props', props: {}, revalidate: 5 });
    await expect(read('getServerSideProps', { props: Promise.resolve({ a: 1 }) })).resolves.toEqual({ type: 'props', props: { a: 1 }, revalidate: false });
    await expect(read('getServerSideProps', { props: { a: 1 }, notFound: false, redirect: undefined })).resolves.toMatchObject({ type: 'props' });
  });

  test('keys the function may not return are refused, as the pages router does', async () => {
    await expect(read('getServerSideProps', { props: {}, revalidate: 1 })).rejects.toThrow('returned the keys [revalidate], which it cannot return (revalidate belongs to getStaticProps');
    await expect(read('getStaticProps', { props: {}, title: 'x' })).rejects.toThrow('returned the keys [title], which it cannot return: what the page needs goes under props');
  });

  test('redirects: permanent or statusCode, and basePath: false', async () => {
    await expect(read('getServerSideProps', { redirect: { destination: '/a' } })).resolves.toEqual({ type: 'redirect', destination: '/a', statusCode: 307, revalidate: false });
    await expect(read('getServerSideProps', { redirect: { destination: '/a', permanent: true } })).resolves.toMatchObject({ statusCode: 308 });
    await expect(read('getServerSideProps', { redirect: { destination: '/a', statusCode: 301 } })).resolves.toMatchObject({ statusCode: 301 });
    await expect(read('getStaticProps', { redirect: { destination: '/a', permanent: false, basePath: false }, revalidate: 10 })).resolves.toEqual({
      type: 'redirect', destination: '/a', statusCode: 307, revalidate: 10, basePath: false,
    });
    await expect(read('getServerSideProps', { redirect: { destination: '/a', permanent: true, statusCode: 301 } })).rejects.toThrow('`permanent` and `statusCode` together (give one)');
    await expect(read('getServerSideProps', { redirect: { destination: '/a', statusCode: 300 } })).rejects.toThrow('`statusCode` 300 (use 301, 302, 303, 307, 308)');
    await expect(read('getServerSideProps', { redirect: { destination: 5 } })).rejects.toThrow('a `destination` that is number, not a string');
  });
});

describe('props JSON cannot carry, as the pages router treats them', () => {
  const dated = { props: { post: { date: new Date(0) } } };

  test('answered at once (no promise) unless props is one', () => {
    expect(readNow('pages/a.tsx', 'getServerSideProps', { props: { a: 1 } })).toEqual({ type: 'props', props: { a: 1 }, revalidate: false });
    expect(readNow('pages/a.tsx', 'getServerSideProps', { props: Promise.resolve({ a: 1 }) })).toBeInstanceOf(Promise);
  });

  test('warn: served as JSON carries them, with one WARN line naming the key path; skip: not looked at', () => {
    const lines: string[] = [];
    const restore = setLogSink((line) => lines.push(line));
    try {
      expect(readNow('pages/post.tsx', 'getServerSideProps', dated, 'warn')).toMatchObject({ type: 'props' });
      expect(readNow('pages/post.tsx', 'getServerSideProps', dated, 'skip')).toMatchObject({ type: 'props' });
    } finally {
      setLogSink(restore);
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'WARN', file: 'pages/post.tsx' });
    expect(lines[0]).toContain('returned props.post.date: a Date, which JSON cannot carry');
  });

  test('in production each route\'s first answer warns and later ones are not walked; in dev every answer is refused', () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = 'production';
      const checks = createPropsChecks();
      expect([checks('/a'), checks('/a'), checks('/b'), checks('/a')]).toEqual(['warn', 'skip', 'warn', 'skip']);
      process.env.NODE_ENV = 'development';
      const dev = createPropsChecks();
      expect([dev('/a'), dev('/a')]).toEqual(['refuse', 'refuse']);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});
