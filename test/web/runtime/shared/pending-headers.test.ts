/** A deferred answer's headers behave as a web `Headers` does, for any sequence of calls, hostile names and values included. */
import fc from 'fast-check';
import { PendingHeaders } from '../../../../web/runtime/shared/pending-headers';
import { checkProperty } from '../../../helpers/property';

const nameArb = fc.oneof(
  fc.constantFrom('set-cookie', 'Set-Cookie', 'x-frame-options', 'Content-Type', '__proto__', 'constructor', 'x y', '', 'bad:name', 'é', 'x-a'),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,8}$/),
);
const valueArb = fc.oneof(
  fc.constantFrom('', ' padded ', 'a\r\nb', 'nul\0', 'tab\tinside', 'ünïcödé', '\u2028', 'x=1; Path=/', '😀'),
  fc.string({ maxLength: 10 }),
);

type Call =
  | { op: 'set' | 'append'; name: string; value: string }
  | { op: 'delete' | 'get' | 'has'; name: string }
  | { op: 'getSetCookie' | 'entries' };
const callArb: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ op: fc.constantFrom('set' as const, 'append' as const), name: nameArb, value: valueArb }),
  fc.record({ op: fc.constantFrom('delete' as const, 'get' as const, 'has' as const), name: nameArb }),
  fc.record({ op: fc.constantFrom('getSetCookie' as const, 'entries' as const) }),
);

/** What a call returns, or the kind of error it throws. */
function run(headers: Headers, call: Call): unknown {
  try {
    switch (call.op) {
      case 'set':
      case 'append':
        return headers[call.op](call.name, call.value);
      case 'delete':
      case 'get':
      case 'has':
        return headers[call.op](call.name);
      case 'getSetCookie':
        return headers.getSetCookie();
      case 'entries':
        return [...headers.entries()];
    }
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

test('any sequence of calls answers as a web Headers answers it', async () => {
  await checkProperty(
    'PendingHeaders ≡ Headers',
    fc.property(fc.array(callArb, { maxLength: 12 }), (calls) => {
      const pending = new PendingHeaders();
      const real = new Headers();
      for (const call of calls) expect(run(pending, call)).toEqual(run(real, call));
      expect([...pending]).toEqual([...real]);
      expect([...pending.keys()]).toEqual([...real.keys()]);
      expect([...pending.values()]).toEqual([...real.values()]);
    }),
    500,
  );
});

test('handed over, every call reads and changes the made response\'s headers', () => {
  const pending = new PendingHeaders();
  pending.set('x-before', '1');
  const made = new Headers([...pending]);
  pending.handOver(made);
  pending.append('set-cookie', 'a=1');
  pending.delete('x-before');
  expect([...made]).toEqual([['set-cookie', 'a=1']]);
  expect(pending.getSetCookie()).toEqual(['a=1']);
  expect(pending.has('x-before')).toBe(false);
});
