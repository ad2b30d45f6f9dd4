import { useRouter } from 'next/router';

export default function Login() {
  const router = useRouter();
  return (
    <>
      <h1>Please log in</h1>
      <p>from {router.isReady ? String(router.query.from ?? '-') : '…'}</p>
    </>
  );
}
