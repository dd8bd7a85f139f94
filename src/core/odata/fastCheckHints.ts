// Loaded at activation with the schemas (the fast path itself is not, see envelope.ts): a leaf schema whose refine
// the fast path cannot read from its definition may name a cheaper first test here, which schemaFastPath.ts runs
// before handing the value to zod.

/** Per schema, a test that answers true only for values zod accepts and hands back unchanged. */
export const surelyValid = new WeakMap<object, (value: unknown) => boolean>();

/** Gives the schema its first test; whatever the test does not pass, zod decides as before. */
export function withFastCheck<T extends object>(schema: T, surely: (value: unknown) => boolean): T {
  surelyValid.set(schema, surely);
  return schema;
}
