import { useEffect, useState } from 'react';

function readInBrowser() {
  return [
    `greeting ${process.env.NEXT_PUBLIC_GREETING}`,
    `mode ${process.env.NEXT_PUBLIC_MODE}`,
    `config ${process.env.CONFIG_VALUE}`,
    `secret ${process.env.SECRET_TOKEN}`,
    `node env ${process.env.NODE_ENV}`,
  ].join('; ');
}

export default function Home({ secret, host }) {
  const [browser, setBrowser] = useState('not yet');
  useEffect(() => setBrowser(readInBrowser()), []);
  return (
    <>
      <h1>Environment</h1>
      <p id="rendered">
        greeting {process.env.NEXT_PUBLIC_GREETING}; mode {process.env.NEXT_PUBLIC_MODE}; config {process.env.CONFIG_VALUE}
      </p>
      <p id="props">
        secret {secret}; host {host}
      </p>
      <p id="browser">{browser}</p>
    </>
  );
}

export async function getStaticProps() {
  return { props: { secret: process.env.SECRET_TOKEN ?? 'unset', host: process.env.DATABASE_HOST ?? 'unset' } };
}
