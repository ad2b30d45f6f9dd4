import { useState } from 'react';

export default function Home() {
  const [answer, setAnswer] = useState('nothing yet');
  async function send() {
    const res = await fetch('/api/users/7', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada' }) });
    setAnswer(`${res.status} ${await res.text()}`);
  }
  return (
    <>
      <h1>API home</h1>
      <button onClick={send}>Rename user 7</button>
      <p id="answer">{answer}</p>
    </>
  );
}
