import { useRouter } from 'next/router';

export default function Home({ served }) {
  const router = useRouter();
  return (
    <>
      <h1>Router home</h1>
      <p id="fields">
        pathname {router.pathname}; route {router.route}; asPath {router.asPath}; query {JSON.stringify(router.query)}; isReady{' '}
        {String(router.isReady)}; isFallback {String(router.isFallback)}; basePath "{router.basePath}"; locale {String(router.locale)}
      </p>
      <p id="served">served with tab {served}</p>
      <button id="shallow" onClick={() => router.push('/?tab=2', undefined, { shallow: true })}>Shallow tab 2</button>
      <button id="deep" onClick={() => router.push('/?tab=3')}>Deep tab 3</button>
      <button id="push-object" onClick={() => router.push({ pathname: '/items/[id]', query: { id: '5', color: 'blue' } })}>Push object</button>
      <button id="replace" onClick={() => router.replace('/items/9')}>Replace with 9</button>
      <button id="hash" onClick={() => router.push('/#part')}>Hash</button>
    </>
  );
}

export async function getServerSideProps({ query }) {
  return { props: { served: query.tab ?? 'none' } };
}
