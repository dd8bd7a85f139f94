// Values the transport's own JSON.parse made, marked so the validation fast path (schemaFastPath.ts) may skip what
// such values cannot hold. JSON.parse makes only plain objects (Object.prototype, no symbol keys), arrays and
// primitives; an own `__proto__` key it can make, so that check stays. Any other value gets the full checks.

const madeHere = new WeakSet<object>();

/** JSON.parse, with the result marked as made here. Throws what JSON.parse throws. */
export function parseJsonText(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value === 'object' && value !== null) madeHere.add(value);
  return value;
}

/**
 * Whether `value` came straight from parseJsonText; answered true once only. The first reader checks the rows before
 * anyone else has seen them; a second reader of a shared answer (a coalesced GET) gets the full checks, since the
 * first may have handed the rows on to code that changed them.
 */
export function takeParsedJson(value: unknown): boolean {
  return typeof value === 'object' && value !== null && madeHere.delete(value);
}
