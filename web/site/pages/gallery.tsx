import Head from 'stratus/head';
import Image from 'stratus/image';
import dusk from '../lib/photos/dusk.jpg';

/** Photos through the image Lambda: a static import (size known at build) and public files. */
export default function Gallery() {
  return (
    <>
      <Head><title>Gallery</title></Head>
      <h1>Gallery</h1>
      <figure>
        <Image src={dusk} alt="Ridges at dusk under a full moon" sizes="(max-width: 768px) 100vw, 46rem" priority />
        <figcaption>Dusk over the ridges.</figcaption>
      </figure>
      <figure>
        <Image src="/photos/dawn.jpg" width={2400} height={1600} alt="Green hills at dawn" sizes="(max-width: 768px) 100vw, 46rem" />
        <figcaption>Dawn on the east slope.</figcaption>
      </figure>
      <figure>
        <Image src="/photos/noon.jpg" width={360} height={240} alt="Hills at noon" quality={60} />
        <figcaption>Noon, a thumbnail at 360 px (1x/2x).</figcaption>
      </figure>
    </>
  );
}
