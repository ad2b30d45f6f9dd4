/**
 * The story page's slow generator: a walk told a word at a time, with a pause between words,
 * the way a language model answers (no outside service). The API route streams it; the
 * pause makes the streaming visible.
 */
import type { Locale } from './content';

const STORY: Record<Locale, string> = {
  en: 'We left the car by the old mill and followed the river up into the hills. The path was soft after the rain, and the beeches dripped on us. Near the top a buzzard circled twice, then dropped behind the ridge. We ate our bread on a flat stone and watched the clouds come in from the west.',
  fr: 'Nous avons laissé la voiture près du vieux moulin et suivi la rivière vers les collines. Le chemin était doux après la pluie, et les hêtres gouttaient sur nous. Près du sommet une buse a tourné deux fois, puis a plongé derrière la crête. Nous avons mangé notre pain sur une pierre plate en regardant les nuages arriver de l’ouest.',
};

/** Milliseconds between words: `?pace=` within these bounds, else the default. */
export const PACE = { min: 10, max: 1000, default: 80 } as const;

export function paceOf(value: unknown): number {
  const ms = Number(value);
  return Number.isInteger(ms) && ms >= PACE.min && ms <= PACE.max ? ms : PACE.default;
}

/**
 * The story's words (each with the space before it, but the first), one per `paceMs`.
 * Stops early, quietly, when `signal` aborts (the reader left).
 */
export async function* tellStory(locale: Locale, paceMs: number, signal?: AbortSignal): AsyncGenerator<string> {
  const words = STORY[locale].split(' ');
  for (let i = 0; i < words.length; i++) {
    if (signal?.aborted) return;
    yield i === 0 ? words[i]! : ` ${words[i]}`;
    if (i < words.length - 1) await pause(paceMs, signal);
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
