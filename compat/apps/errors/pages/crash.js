import { useState } from 'react';

function Bomb() {
  throw new Error('render crash in the browser');
}

export default function Crash() {
  const [armed, setArmed] = useState(false);
  return (
    <>
      <h1>Crash page</h1>
      <button onClick={() => setArmed(true)}>Crash it</button>
      {armed && <Bomb />}
    </>
  );
}
