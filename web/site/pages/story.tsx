import { useRef, useState, type FormEvent } from 'react';
import Head from 'stratus/head';
import { useRouter } from 'stratus/router';

type State = 'idle' | 'telling' | 'done' | 'failed';

/**
 * A story told as it is written: the API route streams it a word at a time. With
 * JavaScript, the words appear here as they arrive (the answer's body read chunk by chunk);
 * without it, the form opens the streamed HTML page, which the browser shows as it arrives.
 */
export default function StoryPage() {
  const { locale } = useRouter();
  const lang = locale === 'fr' ? 'fr' : 'en';
  const [text, setText] = useState('');
  const [state, setState] = useState<State>('idle');
  const reading = useRef<AbortController | null>(null);

  async function tell(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reading.current?.abort();
    const controller = (reading.current = new AbortController());
    setText('');
    setState('telling');
    try {
      const response = await fetch(`/api/story?lang=${lang}`, { signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const words = chunk.value;
        setText((told) => told + words);
      }
      setState(response.ok ? 'done' : 'failed');
    } catch {
      if (!controller.signal.aborted) setState('failed');
    }
  }

  return (
    <>
      <Head><title>A walk, told as it comes</title></Head>
      <h1>A walk, told as it comes</h1>
      <p>The story comes from an API route that writes a word at a time; each word shows as soon as it is written.</p>
      <form action="/api/story" method="get" onSubmit={tell}>
        <input type="hidden" name="format" value="html" />
        <input type="hidden" name="lang" value={lang} />
        <button type="submit" disabled={state === 'telling'}>{state === 'idle' ? 'Tell me' : 'Tell me again'}</button>
      </form>
      <p id="story" data-state={state} aria-live="polite">{text}</p>
      {state === 'telling' ? <p className="muted">…</p> : null}
      {state === 'failed' ? <p role="alert">The story broke off. Try again.</p> : null}
    </>
  );
}
