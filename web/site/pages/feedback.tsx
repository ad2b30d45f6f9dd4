import { useState, type FormEvent, type ReactNode } from 'react';
import Head from 'stratus/head';
import type { GetServerSideProps, InferGetServerSidePropsType } from 'stratus/types';
import { LIMITS, validateFeedback, type Feedback, type FeedbackErrors, type FeedbackField } from '../lib/feedback';
import { submissionStore } from '../lib/feedback-store';

interface Props {
  values: Feedback;
  errors: FeedbackErrors;
  sent: boolean;
}

const EMPTY: Feedback = { name: '', email: '', message: '' };

/**
 * A form that works without JavaScript (POST to this page → 303 → the page saying thanks)
 * and with it (the page's script posts JSON to /api/feedback, no reload). The server checks
 * the fields either way.
 */
export const getServerSideProps = (async ({ req, res, query }) => {
  if (req?.method === 'POST') {
    const checked = validateFeedback(req.body);
    if (!checked.ok) {
      res!.statusCode = 422;
      return { props: { values: checked.value, errors: checked.errors, sent: false } };
    }
    await submissionStore().save(checked.value);
    // Post/redirect/get: a reload of the thank-you page does not send the form again.
    return { redirect: { destination: '/feedback?sent=1', statusCode: 303 } };
  }
  return { props: { values: EMPTY, errors: {} as FeedbackErrors, sent: query.sent === '1' } };
}) satisfies GetServerSideProps<Props>;

function Field({ name, label, error, children }: { name: FeedbackField; label: string; error?: string; children: ReactNode }) {
  return (
    <p className="field">
      <label htmlFor={name}>{label}</label>
      {children}
      {error ? <span className="field-error" id={`${name}-error`} role="alert">{error}</span> : null}
    </p>
  );
}

export default function FeedbackPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const [values, setValues] = useState(props.values);
  const [errors, setErrors] = useState<FeedbackErrors>(props.errors);
  const [sent, setSent] = useState(props.sent);
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      const response = await fetch('/api/feedback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) });
      const answer = (await response.json()) as { errors?: FeedbackErrors };
      if (response.status === 201) {
        setSent(true);
        setValues(EMPTY);
        setErrors({});
      } else setErrors(answer.errors ?? {});
    } catch {
      // Offline or refused: the plain form still works.
      (event.target as HTMLFormElement).submit();
    } finally {
      setSending(false);
    }
  }

  const input = (name: FeedbackField) => ({
    id: name,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <>
      <Head><title>Feedback</title></Head>
      <h1>Feedback</h1>
      {sent ? <p className="sent" role="status">Thank you: your note has arrived.</p> : null}
      <form method="post" action="/feedback" onSubmit={send} noValidate>
        <Field name="name" label="Name" error={errors.name}><input {...input('name')} maxLength={LIMITS.name} autoComplete="name" /></Field>
        <Field name="email" label="E-mail" error={errors.email}><input {...input('email')} type="email" autoComplete="email" /></Field>
        <Field name="message" label="Message" error={errors.message}><textarea {...input('message')} rows={5} /></Field>
        <button type="submit" disabled={sending}>{sending ? 'Sending…' : 'Send'}</button>
      </form>
    </>
  );
}
