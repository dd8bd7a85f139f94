import assert from 'node:assert/strict';
import * as z from 'zod/mini';
import * as orchestratorSchemas from '../../../src/core/orchestrator/schemas';
import * as ideaSchemas from '../../../src/core/ideas/schemas';
import { describeIssues, parseCollection, parseEntity, prepareFastPath } from '../../../src/core/odata/envelope';
import { fastCheck } from '../../../src/core/odata/schemaFastPath';
import { withoutGeneratedCode } from '../../../src/core/odata/generatedObjectCheck';
import { seeded } from './seeded';

type Schema = z.ZodMiniType;
interface Def {
  type: string;
  checks?: unknown[];
  format?: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  innerType?: Schema;
  options?: Schema[];
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every schema the clients read service answers with (entities, pages, envelopes), and a strict and a strip one. */
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;
const schemas: [string, Schema][] = [
  ...Object.entries({ ...orchestratorSchemas, ...ideaSchemas } as Record<string, unknown>).flatMap(
    ([name, value]): [string, Schema][] => (isSchema(value) ? [[name, value]] : []),
  ),
  ['pageOf(Idea)', ideaSchemas.pageOf(ideaSchemas.IdeaSchema)],
  ['dataOf(Category)', ideaSchemas.dataOf(ideaSchemas.CategorySchema)],
  [
    'strict object with an enum and a union',
    z.strictObject({
      Priority: z.optional(z.enum(['High', 'Normal', 'Low'])),
      Content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
  ],
  ['strip object', z.object({ a: z.int(), b: z.optional(z.string()) })],
];

/** Values a wrong field may hold: every JSON type, edge numbers, text that is not a date. */
const WRONG: unknown[] = [1.5, -1, 2 ** 60, 'text', '', 'not a date', true, null, {}, [], [1], { Id: 1 }, '2026-13-45'];
const TEXTS = ['', 'a', 'Invoice 42', 'üñí€ 😀', 'constructor', '__proto__', '2026-01-02T03:04:05Z', 'x'.repeat(40)];
const EXTRA_KEYS = ['Extra', 'constructor', '__proto__', 'toString', '@odata.etag', 'hasOwnProperty'];

/** An own property, even for `__proto__` (as JSON.parse makes it). */
const put = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/** A value shaped after the schema's definition; with `wrong` > 0 some nodes hold a value of another type. */
function sample(schema: Schema, random: () => number, wrong: number, depth = 0): unknown {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  if (random() < wrong) return pick(WRONG);
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if (!def.checks?.length) return pick(TEXTS);
      const accepted = TEXTS.filter((text) => schema.safeParse(text).success);
      return accepted.length > 0 && random() < 0.9 ? pick(accepted) : pick(TEXTS);
    }
    case 'number':
      if (def.format === 'safeint') return random() < 0.9 ? Math.floor(random() * 1e6) : pick([0, -3, 2 ** 53]);
      return pick([0, 1.25, -7, 1e21, 12]);
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return depth > 3 ? 1 : pick([1, 'a', null, true, [1, 'b'], { nested: { deep: [null] } }]);
    case 'literal':
      return def.values![0];
    case 'enum':
      return pick(Object.values(def.entries!));
    case 'optional':
      return random() < 0.2 ? undefined : sample(def.innerType!, random, wrong, depth);
    case 'nullable':
      return random() < 0.2 ? null : sample(def.innerType!, random, wrong, depth);
    case 'union':
      return sample(pick(def.options!), random, wrong, depth);
    case 'array':
      return depth > 3
        ? []
        : Array.from({ length: Math.floor(random() * 3) }, () => sample(def.element!, random, wrong, depth + 1));
    case 'record': {
      const out: Record<string, unknown> = {};
      const count = depth > 3 ? 0 : Math.floor(random() * 4);
      for (let i = 0; i < count; i++)
        put(out, random() < 0.2 ? pick(EXTRA_KEYS) : `key${i}`, sample(def.valueType!, random, wrong, depth + 1));
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape!)) {
        // A required field left out now and then is one more kind of bad row.
        if (random() < wrong / 2) continue;
        const value = sample(field, random, wrong, depth + 1);
        if (value !== undefined) put(out, key, value);
      }
      if (random() < 0.3) put(out, pick(EXTRA_KEYS), sample(z.unknown(), random, 0, depth + 1));
      return out;
    }
    default:
      return undefined;
  }
}

/** As the transport hands it on: through JSON text (no undefined, own `__proto__` keys stay own data). */
const overTheWire = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

describe('Validation fast path', () => {
  // Loaded on first use (not at activation): the clients start it; here the tests do.
  before(() => prepareFastPath());

  it('passes only what zod accepts unchanged, and passes all of that, on generated good and bad values of every schema', () => {
    agreesWithZod(fastCheck);
  });

  it('answers the same for values JSON.parse made, without the prototype and symbol tests (generated and loops)', () => {
    agreesWithZod((schema) => fastCheck(schema, true));
    agreesWithZod((schema) => withoutGeneratedCode(() => fastCheck(schema, true)));
  });

  it('answers the same where code cannot be made from text (object checks as loops, not generated)', () => {
    agreesWithZod((schema) => withoutGeneratedCode(() => fastCheck(schema)));
    const row = JSON.parse(
      '{"Id":1,"Key":"k","QueueDefinitionId":2,"Status":"New","CreationTime":"2026-01-02T03:04:05Z"}',
    );
    const generated = fastCheck(orchestratorSchemas.QueueItemSchema);
    const loop = withoutGeneratedCode(() => fastCheck(orchestratorSchemas.QueueItemSchema));
    assert.notEqual(generated, loop, 'two builds of the check');
    assert.equal(generated.name, 'generatedCheck', 'the generated one');
    assert.equal(loop.name, 'check', 'the loop');
    assert.ok(generated(row) && loop(row));
    assert.ok(!generated({ ...row, Id: 1.5 }) && !loop({ ...row, Id: 1.5 }));
  });

  it('skips each of 30 bad queue item rows with zod’s own message, and keeps the good ones as sent', () => {
    const good = {
      Id: 1,
      Key: 'k',
      QueueDefinitionId: 2,
      Status: 'New',
      CreationTime: '2026-01-02T03:04:05Z',
      Reference: 'INV-1',
      SpecificContent: { Amount: 5, Note: 'x', Paid: false, Memo: null },
      Output: { Any: { nested: [1] } },
      ProcessingException: { Reason: 'r', Details: null, Extra: 1 },
      Unknown: { kept: 'as is' },
    };
    const bad: Record<string, unknown>[] = [
      ...['Id', 'Key', 'QueueDefinitionId', 'Status', 'CreationTime'].map((field) => omit(good, field)),
      { ...good, Id: 1.5 },
      { ...good, Id: '1' },
      { ...good, Id: 2 ** 60 },
      { ...good, Id: null },
      { ...good, Key: 5 },
      { ...good, Key: null },
      { ...good, Status: [] },
      { ...good, CreationTime: 'yesterday' },
      { ...good, CreationTime: null },
      { ...good, DueDate: 'not a date' },
      { ...good, DueDate: 5 },
      { ...good, Reference: 7 },
      { ...good, Priority: {} },
      { ...good, SecondsInPreviousAttempts: 'slow' },
      { ...good, RetryNumber: 0.5 },
      { ...good, SpecificContent: { Amount: { nested: 1 } } },
      { ...good, SpecificContent: { List: [1, 2] } },
      { ...good, SpecificContent: [] },
      { ...good, SpecificContent: 'text' },
      { ...good, Output: 'text' },
      { ...good, Output: [1] },
      { ...good, ProcessingException: { Reason: 5 } },
      { ...good, ProcessingException: 'boom' },
      { ...good, ProcessingException: [] },
      { ...good, Progress: false },
    ];
    assert.equal(bad.length, 30);
    const body = overTheWire({ value: [good, ...bad, good] }) as { value: unknown[] };
    const page = parseCollection('GET /odata/QueueItems', body, orchestratorSchemas.QueueItemSchema);
    assert.equal(page.items.length, 2);
    assert.equal(page.items[0], body.value[0], 'a good row is handed on as it came, not copied');
    assert.deepEqual(page.items[0], good, 'unknown fields kept');
    assert.deepEqual(
      page.skipped,
      bad.map((row, i) => {
        const parsed = orchestratorSchemas.QueueItemSchema.safeParse(overTheWire(row));
        assert.ok(!parsed.success, `bad row ${i} is bad for zod too`);
        return { index: i + 1, problem: describeIssues(parsed.error) };
      }),
    );
  });

  it('names a problem at a symbol key in words, not a TypeError (rows not from JSON can carry one)', () => {
    const key = Symbol('odd');
    const parsed = z.safeParse(z.record(z.symbol(), z.string()), { [key]: 1 });
    assert.ok(!parsed.success);
    assert.match(describeIssues(parsed.error), /^Symbol\(odd\): /);
  });

  it('never lets a __proto__ or constructor key change a prototype, in a row or a record', () => {
    const text =
      '{"value":[{"Id":1,"Key":"k","QueueDefinitionId":2,"Status":"New","CreationTime":"2026-01-02T03:04:05Z",' +
      '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
      '"SpecificContent":{"__proto__":{"polluted":true},"constructor":"x"},"Output":{"__proto__":{"polluted":true}}}]}';
    const page = parseCollection('GET /odata/QueueItems', JSON.parse(text), orchestratorSchemas.QueueItemSchema);
    const [row] = page.items;
    assert.ok(row, JSON.stringify(page.skipped));
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
    assert.equal(Object.getPrototypeOf(row.SpecificContent), Object.prototype);
    assert.equal(Object.getPrototypeOf(row.Output), Object.prototype);
    assert.equal((row as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const entity = parseEntity('GET /odata/Folders(1)', JSON.parse(text).value[0], orchestratorSchemas.QueueItemSchema);
    assert.equal(Object.getPrototypeOf(entity), Object.prototype);
  });

  it('reads a field named like a member of every object (toString, constructor) only as the row’s own', () => {
    const schema = z.looseObject({ toString: z.unknown(), constructor: z.optional(z.unknown()), Id: z.int() });
    const check = fastCheck(schema);
    // Absent: the value the row inherits is not the row's field (zod gives back a copy holding it: not unchanged).
    assert.equal(check(JSON.parse('{"Id":1}')), false);
    assert.equal(check(JSON.parse('{"Id":1,"toString":"x"}')), true);
    assert.equal(check(JSON.parse('{"Id":1,"toString":null,"constructor":2}')), true);
    assert.equal(check(JSON.parse('{"toString":"x"}')), false);
  });
});

/** Compares each schema's fast check with zod on 340 generated values, good and bad, through JSON. */
function agreesWithZod(fastOf: (schema: Schema) => (value: unknown) => boolean): void {
  const random = seeded(29);
  let compared = 0;
  let passed = 0;
  let refused = 0;
  for (const [name, schema] of schemas) {
    const fast = fastOf(schema);
    for (let i = 0; i < 340; i++) {
      const value = overTheWire(sample(schema, random, i % 3 === 0 ? 0 : i % 3 === 1 ? 0.04 : 0.25));
      const zod = schema.safeParse(value);
      compared++;
      if (fast(value)) {
        passed++;
        assert.ok(zod.success, `${name}: the fast path passed what zod refuses: ${JSON.stringify(value)}`);
        assert.deepStrictEqual(zod.data, value, `${name}: zod would have changed ${JSON.stringify(value)}`);
      } else if (zod.success && isDeepStrictEqual(zod.data, value)) {
        assert.fail(`${name}: zod accepts ${JSON.stringify(value)} unchanged, the fast path sent it to zod`);
      } else if (!zod.success) refused++;
    }
  }
  assert.ok(compared > 17_000, `${compared} values`);
  assert.ok(passed > compared / 4 && refused > compared / 4, `${passed} passed, ${refused} refused of ${compared}`);
}

function omit(row: Record<string, unknown>, field: string): Record<string, unknown> {
  const { [field]: _dropped, ...rest } = row;
  return rest;
}

function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}
