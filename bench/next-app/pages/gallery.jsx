import Head from 'next/head';
import Image from 'next/image';

export default function Gallery() {
  return (
    <>
      <Head><title>Gallery</title></Head>
      <h1>Gallery</h1>
      <Image src="/photo.jpg" alt="A generated photo" width={2400} height={1600} sizes="100vw" />
    </>
  );
}
