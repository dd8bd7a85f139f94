import type * as z from 'zod/mini';
import { surelyValid } from './fastCheckHints';
import { anyLeafOf, isLeaf, Leaf, LEAF_NAMES } from './fastCheckLeaves';
import { codeFromTextAllowed, generateObjectCheck, type FieldCheck } from './generatedObjectCheck';

// Listing a queue validates every row of every page, and zod's own parse of a loose object copies the row key by key
// and builds a result for every field: that was a third of the client's CPU. This module builds, once per schema,
// a plain predicate from the schema's own definition (`_zod.def`) that answers "zod would accept this value and
// give it back unchanged". A value it passes is handed on as it is, not copied; anything else (a wrong type, a
// missing field, a transform, an own `__proto__` key, a shape this module does not know) goes to zod, which decides
// every rejection and writes every message. So the predicate may say "ask zod" too often, never "fine" wrongly:
// test/unit/core/schemaFastPath.test.ts compares it with zod on generated valid and invalid values.

/** True only when zod accepts the value and its output equals the input. */
export type FastCheck = (value: unknown) => boolean;

interface Compiled {
  check: FastCheck;
  /** False from `check` means zod rejects the value too (not just "ask zod"): a union may then try the next option. */
  exact: boolean;
  /** A leaf an object tests in its own loop, without a call (see `object`). */
  leaf?: Leaf;
  /** Optional and nullable wrappers: what they let through, and the schema inside them. */
  wraps?: { undefinedOk: boolean; nullOk: boolean; inner: Compiled };
}

/** The parts of zod's internals read here (zod/mini exposes them on every schema as `_zod`). */
interface Internals {
  def: {
    type: string;
    checks?: unknown[];
    format?: string;
    shape?: Record<string, z.ZodMiniType>;
    catchall?: z.ZodMiniType;
    element?: z.ZodMiniType;
    keyType?: z.ZodMiniType;
    valueType?: z.ZodMiniType;
    innerType?: z.ZodMiniType;
    options?: z.ZodMiniType[];
  };
  optin?: string;
  optout?: string;
  run(payload: { value: unknown; issues: unknown[] }, ctx: object): unknown;
}

const internals = (schema: z.ZodMiniType) => (schema as unknown as { _zod: Internals })._zod;

/**
 * Built with generated object checks and without (where code cannot be made from text, and in tests); for any value,
 * and for values the transport's JSON.parse made (parsedJson.ts: no object of theirs has another prototype or a
 * symbol key, so those tests are left out: a third of a row's check).
 */
const compiledWith = {
  generated: { any: new WeakMap<z.ZodMiniType, Compiled>(), json: new WeakMap<z.ZodMiniType, Compiled>() },
  loops: { any: new WeakMap<z.ZodMiniType, Compiled>(), json: new WeakMap<z.ZodMiniType, Compiled>() },
};

/**
 * The fast check of a schema, built on first use and kept with the schema. `madeByJsonParse` only for a value that
 * came straight from the transport's JSON.parse (parsedJson.ts's `takeParsedJson`).
 */
export function fastCheck(schema: z.ZodMiniType, madeByJsonParse = false): FastCheck {
  return compile(schema, madeByJsonParse).check;
}

function compile(schema: z.ZodMiniType, json: boolean): Compiled {
  const made = codeFromTextAllowed() ? compiledWith.generated : compiledWith.loops;
  const compiled = json ? made.json : made.any;
  let entry = compiled.get(schema);
  if (!entry) {
    entry = build(schema, json);
    compiled.set(schema, entry);
  }
  return entry;
}

const exact = (check: FastCheck): Compiled => ({ check, exact: true });
/** A plain object, as JSON.parse makes them (zod copies anything else into one, so those go through zod). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
/** An object JSON.parse made is plain: only an array is told apart. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function build(schema: z.ZodMiniType, json: boolean): Compiled {
  const zod = internals(schema);
  const { def } = zod;
  const checked = (def.checks?.length ?? 0) > 0;
  // A refine the definition cannot show, with a cheaper first test of its own (fastCheckHints.ts): zod decides the rest.
  const surely = surelyValid.get(schema);
  if (surely) {
    const slow = byZod(zod).check;
    return { exact: false, check: (value) => surely(value) || slow(value) };
  }
  // Anything with checks of its own (a refine, a length, a trim) runs through zod; containers with checks too.
  if (checked) return isContainer(def.type) ? { check: () => false, exact: false } : byZod(zod);
  switch (def.type) {
    case 'string':
      return leafOf(Leaf.String);
    case 'boolean':
      return leafOf(Leaf.Boolean);
    case 'null':
      return leafOf(Leaf.Null);
    case 'unknown':
    case 'any':
      return leafOf(Leaf.Any);
    case 'number':
      if (def.format === undefined) return leafOf(Leaf.Number);
      if (def.format === 'safeint') return leafOf(Leaf.SafeInt);
      return byZod(zod);
    case 'optional':
      return optionalOrNullable(compile(def.innerType!, json), undefined);
    case 'nullable':
      return optionalOrNullable(compile(def.innerType!, json), null);
    case 'array':
      return array(compile(def.element!, json));
    case 'object':
      return object(def.shape!, def.catchall, json);
    case 'record':
      return record(def.keyType!, compile(def.valueType!, json), json);
    case 'union':
      return union(def.options!.map((option) => compile(option, json))) ?? byZod(zod);
    default:
      return byZod(zod);
  }
}

const isContainer = (type: string) => ['object', 'array', 'record', 'union', 'optional', 'nullable'].includes(type);

/** A leaf zod runs itself: passed only when it has no issue and hands back the very same value. */
function byZod(zod: Internals): Compiled {
  return {
    exact: false,
    check: (value) => {
      const result = zod.run({ value, issues: [] }, {}) as { value: unknown; issues: unknown[] } | Promise<unknown>;
      return !(result instanceof Promise) && result.issues.length === 0 && Object.is(result.value, value);
    },
  };
}

const leafOf = (leaf: Leaf): Compiled => ({ exact: true, leaf, check: (value) => isLeaf(leaf, value) });

function optionalOrNullable(inner: Compiled, allowed: undefined | null): Compiled {
  const check = inner.check;
  // Nested wrappers fold into one: optional(nullable(x)) lets undefined and null through, then asks x.
  const folded = inner.wraps ?? { undefinedOk: false, nullOk: false, inner };
  return {
    exact: inner.exact,
    check: (value) => value === allowed || check(value),
    wraps: {
      undefinedOk: folded.undefinedOk || allowed === undefined,
      nullOk: folded.nullOk || allowed === null,
      inner: folded.inner,
    },
  };
}

function array(element: Compiled): Compiled {
  const check = element.check;
  return {
    exact: element.exact,
    check: (value) => {
      if (!Array.isArray(value)) return false;
      for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
      return true;
    },
  };
}

/** Zod's first option that accepts wins: only options whose "no" is certain can be tried in any order. */
function union(options: Compiled[]): Compiled | undefined {
  if (!options.every((option) => option.exact)) return undefined;
  const leaves = options.flatMap((option) => (option.leaf === undefined ? [] : [option.leaf]));
  if (leaves.length === options.length) return exact(anyLeafOf(leaves));
  const checks = options.map((option) => option.check);
  return exact((value) => {
    for (let i = 0; i < checks.length; i++) if (checks[i]!(value)) return true;
    return false;
  });
}

function object(shape: Record<string, z.ZodMiniType>, catchall: z.ZodMiniType | undefined, json: boolean): Compiled {
  const isObject = json ? isJsonObject : isPlainObject;
  // Each field's optional/nullable wrappers and its leaf are unfolded here, so the loop below tests a typical row's
  // fields in place: a call per field and per wrapper was most of the check's time. The result is the field's own
  // `check`, which stays the answer for every other schema (a date-time, a nested object, a record).
  const fields = Object.keys(shape).map((key) => {
    const field = internals(shape[key]!);
    const compiled = compile(shape[key]!, json);
    const inner = compiled.wraps?.inner ?? compiled;
    return {
      key,
      check: inner.check,
      leaf: inner.leaf,
      undefinedOk: compiled.wraps?.undefinedOk ?? false,
      nullOk: compiled.wraps?.nullOk ?? false,
      // Absent is fine only where zod leaves the key out as well (optional in and out).
      omittable: field.optin === 'optional' && field.optout === 'optional',
      onPrototype: key in Object.prototype,
    };
  });
  const declared = new Set(fields.map((field) => field.key));
  const rest = catchall ? internals(catchall).def.type : 'strip';
  // Loose objects keep unknown fields as they are; a stripping object would give back less, a strict one refuses.
  const restCheck =
    rest === 'unknown' || rest === 'any' ? undefined : catchall ? compile(catchall, json).check : undefined;
  const extrasMatter = rest !== 'unknown' && rest !== 'any';
  const extras = (value: Record<string, unknown>) => {
    for (const key in value) {
      if (declared.has(key)) continue;
      if (!restCheck || !restCheck(value[key])) return false;
    }
    return true;
  };
  const generated = generateObjectCheck(
    fields.map((field): FieldCheck => ({
      ...field,
      leaf: field.leaf === undefined ? undefined : LEAF_NAMES[field.leaf],
    })),
    { isPlainObject: isObject, hasOwn, extras: extrasMatter ? extras : undefined },
  );
  if (generated) return { exact: false, check: generated };
  return {
    exact: false,
    check: (value) => {
      if (!isObject(value)) return false;
      // Zod never copies a `__proto__` key into its result: such a row goes through zod, whose answer lacks it.
      if (hasOwn(value, '__proto__')) return false;
      for (const field of fields) {
        // One lookup for a field that is there; the own-key check only where the read cannot tell (absent, or a
        // name Object.prototype also answers, such as `constructor`): a field on the prototype is not the row's.
        const fieldValue = value[field.key];
        if ((fieldValue === undefined || field.onPrototype) && !hasOwn(value, field.key)) {
          if (!field.omittable) return false;
          continue;
        }
        if (fieldValue === null ? field.nullOk : fieldValue === undefined && field.undefinedOk) continue;
        if (field.leaf === undefined ? !field.check(fieldValue) : !isLeaf(field.leaf, fieldValue)) return false;
      }
      return !extrasMatter || extras(value);
    },
  };
}

function record(keyType: z.ZodMiniType, values: Compiled, json: boolean): Compiled {
  const isObject = json ? isJsonObject : isPlainObject;
  const key = internals(keyType).def;
  // Only string keys without checks are known here; other key types go through zod.
  if (key.type !== 'string' || (key.checks?.length ?? 0) > 0) return { check: () => false, exact: false };
  const check = values.check;
  return {
    exact: false,
    check: (value) => {
      if (!isObject(value) || hasOwn(value, '__proto__')) return false;
      if (!json && Object.getOwnPropertySymbols(value).length > 0) return false;
      // for-in reads each value through the object's own key cache (Object.keys and a read by name reads each from
      // no cache); it lists inherited enumerable keys too, which only adds values tested, never skips an own one.
      for (const name in value) if (!check(value[name])) return false;
      return true;
    },
  };
}
