import { useContext } from 'react';
// The module names tests, Storybook decorators and libraries import.
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import Router, { useRouter } from 'next/dist/client/router';

export default function Dist() {
  const fromContext = useContext(RouterContext);
  const router = useRouter();
  return (
    <>
      <h1>next/dist modules</h1>
      <p id="dist">
        context pathname {fromContext?.pathname}; hook asPath {router.asPath}; singleton events {typeof Router.events?.on}
      </p>
    </>
  );
}

export async function getServerSideProps() {
  return { props: {} };
}
