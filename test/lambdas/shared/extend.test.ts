import fc from 'fast-check';
import { copy, copyRecord, extend } from '../../../lambdas/shared/extend';
import { checkProperty } from '../../helpers/property';

/** Names an outsider might choose included; fc.dictionary defines them, so `__proto__` is an own name, as JSON.parse leaves it. */
const keyArb = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'headers', 'target', 'content-type'), fc.string({ maxLength: 6 }));
const recordArb = fc.dictionary(keyArb, fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(undefined)), { maxKeys: 6 });

function ownEntries(value: object): [string, unknown][] {
  return Object.getOwnPropertyNames(value).map((name) => [name, (value as Record<string, unknown>)[name]]);
}

describe('copy and extend', () => {
  test('give what a spread gives: the same own names and values, an ordinary prototype', async () => {
    await checkProperty(
      'copy/extend ≡ spread',
      fc.property(recordArb, recordArb, (base, fields) => {
        const copied = copy(base);
        expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
        expect(ownEntries(copied)).toEqual(ownEntries({ ...base }));
        expect(copied).not.toBe(base);
        const extended = extend(base, fields);
        expect(Object.getPrototypeOf(extended)).toBe(Object.prototype);
        expect(ownEntries(extended)).toEqual(ownEntries({ ...base, ...fields }));
      }),
      500,
    );
  });

  test('a `__proto__` header stays a header, not the copy\'s prototype', () => {
    const headers = JSON.parse('{"__proto__": {"polluted": "yes"}, "x-a": "1"}') as Record<string, unknown>;
    const copied = copy(headers);
    expect((copied as { polluted?: string }).polluted).toBeUndefined();
    expect(Object.hasOwn(copied, '__proto__')).toBe(true);
    const extended = extend({ a: 1 }, headers);
    expect((extended as { polluted?: string }).polluted).toBeUndefined();
  });

  test('copyRecord: a null-prototype copy with the same own names and values, the source untouched', async () => {
    await checkProperty(
      'copyRecord ≡ Object.assign into a null-prototype object',
      fc.property(recordArb, (record) => {
        const before = ownEntries(record);
        const copied = copyRecord(record as Record<string, unknown>);
        expect(Object.getPrototypeOf(copied)).toBeNull();
        expect(ownEntries(copied)).toEqual(ownEntries(Object.assign(Object.create(null), record)));
        copied.added = 'x';
        expect(ownEntries(record)).toEqual(before);
      }),
      500,
    );
  });
});
