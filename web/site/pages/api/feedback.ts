import type { ApiRequest, ApiResponse } from 'stratus/types';
import { validateFeedback, type FeedbackErrors } from '../../lib/feedback';
import { submissionStore } from '../../lib/feedback-store';

type Answer = { id: string } | { errors: FeedbackErrors } | { error: string };

/** The feedback form's script posts here: 201 with the submission's id, or 422 with an error per field. */
export default async function feedback(req: ApiRequest, res: ApiResponse<Answer>) {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    return res.status(405).json({ error: 'Send the form with POST.' });
  }
  const checked = validateFeedback(req.body);
  if (!checked.ok) return res.status(422).json({ errors: checked.errors });
  const saved = await submissionStore().save(checked.value);
  // The page that shows when feedback last arrived, rendered again now for every visitor.
  // The submission is kept either way: a failed revalidation is logged, not the visitor's problem.
  await res.revalidate('/feedback-received').catch((error: unknown) => console.error('revalidate /feedback-received failed', error));
  res.status(201).json({ id: saved.id });
}
