import Head from 'stratus/head';
import Link from 'stratus/link';
import type { GetServerSideProps } from 'stratus/types';
import { MEMBER_COOKIE } from '../lib/members';

interface Props {
  name: string;
}

/** Members only: middleware.ts lets signed-in visitors through, and sends the others to /sign-in. */
export default function Members({ name }: Props) {
  return (
    <>
      <Head><title>Members</title></Head>
      <h1>Members</h1>
      <p id="welcome">Welcome back, {name}.</p>
      <p>
        The old blog address <Link href="/blog/first-frost">/blog/first-frost</Link> is redirected; the guide at{' '}
        <Link href="/guide/getting-started">/guide/getting-started</Link> is the docs under another name.
      </p>
      <form method="post" action="/api/session">
        <input type="hidden" name="signOut" value="1" />
        <button type="submit">Sign out</button>
      </form>
    </>
  );
}

export const getServerSideProps: GetServerSideProps<Props> = async ({ req }) => {
  const name = req?.cookies[MEMBER_COOKIE] ?? '';
  return { props: { name } };
};
