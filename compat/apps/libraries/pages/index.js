import { NextSeo } from 'next-seo';

export default function Home() {
  return (
    <>
      <NextSeo title="Home" canonical="https://example.com/" />
      <h1>Library home</h1>
    </>
  );
}
