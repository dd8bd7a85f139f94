// An object's fast check written out as code, once per schema (schemaFastPath.ts builds the field list). The loop
// over a field list reads `row[field.key]` with a key that changes at every step: V8 answers such a read from no
// cache (a megamorphic load, the largest single cost of validating a page). Written out, each field is read by its
// literal name, and rows of one shape, as JSON.parse makes them, are read from the same cached layout.
// Where code cannot be made from text (a content security policy without 'unsafe-eval'), `generateObjectCheck`
// answers undefined and the loop stays the check; the answers are the same either way. Webviews never load this.

/** One field of an object schema, as schemaFastPath.ts unfolds it. */
export interface FieldCheck {
  key: string;
  /** The field's own test: called for fields that are not a leaf. */
  check: (value: unknown) => boolean;
  /** A leaf tested in place: its test written out below (the same tests as fastCheckLeaves.ts's `isLeaf`). */
  leaf: 'string' | 'boolean' | 'number' | 'safeint' | 'any' | 'null' | undefined;
  undefinedOk: boolean;
  nullOk: boolean;
  /** Absent is fine (zod leaves the key out as well). */
  omittable: boolean;
  /** A name Object.prototype answers too (`constructor`): only an own key is the row's. */
  onPrototype: boolean;
}

/** What the generated check calls: the same helpers the loop uses. */
export interface ObjectCheckParts {
  isPlainObject: (value: unknown) => boolean;
  hasOwn: (value: object, key: string) => boolean;
  /** The test of keys the shape does not declare; undefined when any extra is kept as it is. */
  extras: ((value: Record<string, unknown>) => boolean) | undefined;
}

const LEAF_TESTS: Record<NonNullable<FieldCheck['leaf']>, string> = {
  string: 'typeof v === "string"',
  boolean: 'typeof v === "boolean"',
  number: 'typeof v === "number" && Number.isFinite(v)',
  safeint: 'Number.isSafeInteger(v)',
  any: 'true',
  null: 'v === null',
};

/** Whether code can be made from text here; asked once. */
let allowed: boolean | undefined;
export function codeFromTextAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = typeof new Function('') === 'function';
    } catch {
      allowed = false;
    }
  }
  return allowed;
}

/**
 * The object check written out for these fields; undefined where code cannot be made from text. Names enter the
 * code only as JSON string literals, so no field name can change what the code does.
 */
export function generateObjectCheck(
  fields: FieldCheck[],
  parts: ObjectCheckParts,
): ((value: unknown) => boolean) | undefined {
  if (!codeFromTextAllowed()) return undefined;
  // l10n: code (JavaScript the check is made of)
  const lines = ['if (!isPlainObject(o) || hasOwn(o, "__proto__")) return false;', 'let v;'];
  fields.forEach((field, index) => {
    const key = JSON.stringify(field.key);
    // l10n: code (JavaScript the check is made of)
    const absent = field.onPrototype ? `!hasOwn(o, ${key})` : `v === undefined && !hasOwn(o, ${key})`;
    const passes = [
      ...(field.nullOk ? ['v === null'] : []),
      ...(field.undefinedOk ? ['v === undefined'] : []),
      // l10n: code (JavaScript the check is made of)
      field.leaf === undefined ? `checks[${index}](v)` : `(${LEAF_TESTS[field.leaf]})`,
    ].join(' || ');
    lines.push(`v = o[${key}];`);
    // l10n: code (JavaScript the check is made of)
    lines.push(`if (${absent}) { ${field.omittable ? '' : 'return false;'} }`);
    // l10n: code (JavaScript the check is made of)
    lines.push(`else if (!(${passes})) return false;`);
  });
  // l10n: code (JavaScript the check is made of)
  lines.push(parts.extras ? 'return extras(o);' : 'return true;');
  let check: ((value: unknown) => boolean) | undefined;
  const define = (made: (value: unknown) => boolean) => void (check = made);
  try {
    const make = new Function(
      'isPlainObject',
      'hasOwn',
      'extras',
      'checks',
      'define',
      // l10n: code (JavaScript the check is made of)
      `"use strict"; define(function generatedCheck(o) {\n${lines.join('\n')}\n});`,
    );
    Reflect.apply(make, undefined, [
      parts.isPlainObject,
      parts.hasOwn,
      parts.extras,
      fields.map((f) => f.check),
      define,
    ]);
  } catch {
    return undefined;
  }
  return check;
}

/** For tests: the fast path built without generated code, as where code cannot be made from text. */
export function withoutGeneratedCode<T>(run: () => T): T {
  const before = allowed;
  allowed = false;
  try {
    return run();
  } finally {
    allowed = before;
  }
}
