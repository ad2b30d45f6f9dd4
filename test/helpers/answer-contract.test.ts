/** The contract checker the fuzz and the hostile-request tests share: what it lets through, and what it still holds. */
import { SAMPLE_SITE_RULES } from '../../bench/fuzz';
import { answerProblems } from './answer-contract';
import type { RawRequest, RawResponse } from './raw-http';

function htmlAnswer(status: number, title: string, body = ''): RawResponse {
  const text = `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;
  const headers: [string, string][] = [['content-type', 'text/html; charset=utf-8']];
  return { status, head: `HTTP/1.1 ${status}`, headers, body: Buffer.from(text), wireBody: Buffer.from(text) };
}

const post = (target: string): RawRequest => ({ method: 'POST', target, headers: [['Content-Type', 'application/json']], body: '{"__proto__":{"x":1}}' });

test('a form page answering its own 422 with itself is the app’s answer, not an error page', () => {
  const answer = htmlAnswer(422, 'Feedback');
  expect(answerProblems(post('/fr/feedback'), answer, SAMPLE_SITE_RULES)).toEqual([]);
  expect(answerProblems(post('/feedback'), answer, SAMPLE_SITE_RULES)).toEqual([]);
  // Percent-encoded letters, as the fuzz sends a tenth of its targets.
  expect(answerProblems(post('/fr/%66eedback'), answer, SAMPLE_SITE_RULES)).toEqual([]);
  // Without the app's rules it is held to the error page's title.
  expect(answerProblems(post('/fr/feedback'), answer)).toEqual(['422 page titled "Feedback", not "422: An unexpected error has occurred"']);
});

test('only the status the page chose is let through, and a leak is a leak on any page', () => {
  expect(answerProblems(post('/feedback'), htmlAnswer(404, 'Feedback'), SAMPLE_SITE_RULES)).toEqual([expect.stringContaining('404 page titled "Feedback"')]);
  expect(answerProblems(post('/feedbacks'), htmlAnswer(422, 'Feedback'), SAMPLE_SITE_RULES)).toEqual([expect.stringContaining('422 page titled')]);
  expect(answerProblems(post('/feedback'), htmlAnswer(422, 'Feedback', '\n    at validate (/work/app/lib/feedback.ts:12:3)\n'), SAMPLE_SITE_RULES)).toEqual(
    expect.arrayContaining([expect.stringContaining('body shows a stack frame')]),
  );
});

test("the app's own error pages answer with the app's titles: /404 its status, /500 its, /_error every other", () => {
  const get: RawRequest = { method: 'GET', target: '/missing' };
  const titled = (status: number) => htmlAnswer(status, 'Lost?');
  expect(answerProblems(get, titled(404), { appErrorPages: ['/404'] })).toEqual([]);
  expect(answerProblems(get, titled(400), { appErrorPages: ['/404'] })).toEqual([expect.stringContaining('400 page titled "Lost?"')]);
  expect(answerProblems(get, titled(400), { appErrorPages: ['/_error'] })).toEqual([]);
  expect(answerProblems(get, titled(500), { appErrorPages: ['/500'] })).toEqual(['answered 500']); // its title is the app's; a 500 is still a 500
  expect(answerProblems(get, titled(404))).toEqual([expect.stringContaining('404 page titled "Lost?"')]);
});
