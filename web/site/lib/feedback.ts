/**
 * The feedback form's fields and the one validation both ways of sending it use: the plain
 * HTML form posting to its page, and the page's script posting JSON to /api/feedback.
 */

export interface Feedback {
  name: string;
  email: string;
  message: string;
}

export type FeedbackField = keyof Feedback;
export type FeedbackErrors = Partial<Record<FeedbackField, string>>;

export const LIMITS = { name: 80, email: 254, messageMin: 10, messageMax: 2000 } as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A field as sent: a form may repeat a name (an array) or leave it out. */
function text(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/**
 * Checks what a visitor sent; the values come back trimmed either way, so a form shown
 * again keeps what was typed.
 *
 * @example
 * validateFeedback({ name: 'Ada', email: 'ada@example.com', message: 'Lovely notes, thank you.' }).ok; // true
 */
export function validateFeedback(input: unknown): { ok: true; value: Feedback } | { ok: false; errors: FeedbackErrors; value: Feedback } {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const value: Feedback = { name: text(fields.name), email: text(fields.email), message: text(fields.message) };
  const errors: FeedbackErrors = {};
  if (!value.name) errors.name = 'Please give your name.';
  else if (value.name.length > LIMITS.name) errors.name = `At most ${LIMITS.name} characters, please.`;
  if (!value.email) errors.email = 'Please give an e-mail address, so we can answer.';
  else if (value.email.length > LIMITS.email || !EMAIL.test(value.email)) errors.email = 'This does not look like an e-mail address.';
  if (value.message.length < LIMITS.messageMin) errors.message = `A few more words, please (at least ${LIMITS.messageMin} characters).`;
  else if (value.message.length > LIMITS.messageMax) errors.message = `At most ${LIMITS.messageMax} characters, please.`;
  return Object.keys(errors).length > 0 ? { ok: false, errors, value } : { ok: true, value };
}
