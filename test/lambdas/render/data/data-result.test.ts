import { DataContractError, readDataResult } from '../../../../lambdas/render/data/data-result';

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
