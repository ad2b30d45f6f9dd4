/**
 * Copies of objects made on every request, as a spread makes them. On Node 20 (V8 11) a
 * literal that spreads an object and then has more properties, or gets them stored
 * afterwards, takes a slow path: 0.3–1 µs each, against ≈ 40 ns for `Object.assign`
 * (Node 22's V8 makes both fast). Measured in docs/BENCHMARKS.md (Findings).
 * `Object.assign` sets properties where a spread defines them: an own `__proto__` name (a
 * header an app or a visitor named so) would replace the copy's prototype, so such an
 * object is copied by a spread.
 */

/** `{ ...source }`, ready for more properties. */
export function copy<T extends object>(source: T): T {
  return Object.hasOwn(source, '__proto__') ? { ...source } : Object.assign({}, source);
}

/**
 * `{ ...base, ...fields }`.
 *
 * @example
 * extend({ headers: undefined, perVisitor: false }, { target }); // { headers: undefined, perVisitor: false, target }
 */
export function extend<T extends object, U extends object>(base: T, fields: U): Omit<T, keyof U> & U {
  if (Object.hasOwn(base, '__proto__') || Object.hasOwn(fields, '__proto__')) return { ...base, ...fields };
  return Object.assign({}, base, fields);
}

/**
 * A null-prototype copy of a record keyed by names an outsider chooses (a request's
 * headers), own string keys only. A loop over `Object.keys`: ≈ 360 ns for 7 headers where
 * `Object.assign(Object.create(null), record)` takes ≈ 940 ns, on Node 20 and 22 alike.
 */
export function copyRecord<V>(record: Record<string, V>): Record<string, V> {
  const copied: Record<string, V> = Object.create(null);
  const names = Object.keys(record);
  for (let i = 0; i < names.length; i++) copied[names[i]!] = record[names[i]!]!;
  return copied;
}
