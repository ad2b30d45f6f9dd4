import Head from 'stratus/head';
import { useRouter } from 'stratus/router';
import { safeNext } from '../lib/members';

/** The members' area asks for a name first (middleware.ts sends visitors here). A plain form: it works without script. */
export default function SignIn() {
  const { query, isReady } = useRouter();
  const next = safeNext(query.next);
  return (
    <>
      <Head><title>Sign in</title></Head>
      <h1>Sign in</h1>
      <p>The members&apos; area is open to anyone with a name.</p>
      {isReady && query.error === 'name' && <p role="alert" id="sign-in-error">Give a name of 1 to 40 characters.</p>}
      <form method="post" action="/api/session" id="sign-in">
        <label>
          Name <input name="name" autoComplete="nickname" required maxLength={40} />
        </label>
        <input type="hidden" name="next" value={next} />
        <button type="submit">Sign in</button>
      </form>
    </>
  );
}
