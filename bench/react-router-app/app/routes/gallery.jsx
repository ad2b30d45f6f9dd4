import { localeOf } from '../lib/locale.jsx';

export function loader({ params }) {
  localeOf(params);
  return null;
}

export const meta = () => [{ title: 'Gallery' }];

// React Router has no image optimiser: the photo as it is (the image row leaves this app out).
export default function Gallery() {
  return (
    <>
      <h1>Gallery</h1>
      <img src="/photo.jpg" alt="A generated photo" width={2400} height={1600} sizes="100vw" style={{ maxWidth: '100%', height: 'auto' }} />
    </>
  );
}
