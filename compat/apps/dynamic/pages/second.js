import { useState } from 'react';
import dynamic from 'next/dynamic';

const Chart = dynamic(() => import('../components/Chart'), { ssr: false, loading: () => <p>Loading chart…</p> });
const Hello = dynamic(() => import('../components/Hello'));

export default function Second() {
  const [show, setShow] = useState(false);
  return (
    <>
      <h1>Second</h1>
      <Hello name="second page" />
      <button onClick={() => setShow(true)}>Show chart</button>
      {show && <Chart />}
    </>
  );
}
