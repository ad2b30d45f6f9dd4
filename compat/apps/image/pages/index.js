import Image from 'next/image';
import brick from '../images/brick.jpg';

export default function Gallery() {
  return (
    <>
      <h1>Images</h1>
      <Image id="fixed" src="/sky.png" width={160} height={100} alt="Sky, fixed size" />
      <Image id="imported" src={brick} alt="Brick, imported" />
      <Image id="priority" src="/sky.png" width={320} height={200} alt="Sky, priority" priority />
      <Image id="sized" src="/sky.png" width={320} height={200} sizes="(max-width: 600px) 100vw, 50vw" alt="Sky, sizes" quality={50} />
      <div style={{ position: 'relative', width: 300, height: 150 }}>
        <Image id="fill" src="/sky.png" fill alt="Sky, fill" style={{ objectFit: 'cover' }} />
      </div>
      <Image id="unoptimized" src="/sky.png" width={32} height={20} alt="Sky, unoptimized" unoptimized />
    </>
  );
}
