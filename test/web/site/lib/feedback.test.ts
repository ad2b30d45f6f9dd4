import fc from 'fast-check';
import { LIMITS, validateFeedback } from '../../../../web/site/lib/feedback';
import { checkProperty } from '../../../helpers/property';

const good = { name: 'Ada', email: 'ada@example.com', message: 'Lovely notes, thank you.' };

test('a complete form passes, trimmed', () => {
  expect(validateFeedback({ name: '  Ada ', email: 'ada@example.com', message: good.message })).toEqual({ ok: true, value: good });
});

test('each field says what is wrong, and the values come back to show again', () => {
  const result = validateFeedback({ name: '', email: 'not-an-address', message: 'short' });
  expect(result).toEqual({
    ok: false,
    value: { name: '', email: 'not-an-address', message: 'short' },
    errors: {
      name: 'Please give your name.',
      email: 'This does not look like an e-mail address.',
      message: `A few more words, please (at least ${LIMITS.messageMin} characters).`,
    },
  });
  expect(validateFeedback({ ...good, name: 'x'.repeat(LIMITS.name + 1) })).toMatchObject({ ok: false, errors: { name: `At most ${LIMITS.name} characters, please.` } });
  expect(validateFeedback({ ...good, message: 'x'.repeat(LIMITS.messageMax + 1) })).toMatchObject({ ok: false, errors: { message: `At most ${LIMITS.messageMax} characters, please.` } });
});

test('whatever arrives (any JSON, repeated form fields, prototype names), it answers without throwing', async () => {
  const field = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }), fc.integer(), fc.constant(null), fc.object());
  const body = fc.oneof(
    fc.anything(),
    fc.record({ name: field, email: field, message: field, __proto__: field, constructor: field }, { requiredKeys: [] }),
  );
  await checkProperty(
    'feedback validation is total',
    fc.property(body, (input) => {
      const result = validateFeedback(input);
      return typeof result.value.name === 'string' && typeof result.value.email === 'string' && (result.ok || Object.keys(result.errors).length > 0);
    }),
    2000,
  );
});
