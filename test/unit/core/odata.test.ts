import assert from 'node:assert/strict';
import {
  and,
  anyOf,
  contains,
  eq,
  FILTER_TEXT_MAX,
  ge,
  guid,
  literal,
  not,
  or,
  path,
  startsWith,
  UnsendableInputError,
  unsendableText,
} from '../../../src/core/odata/filter';
import { buildQuery, operationParams } from '../../../src/core/odata/query';

describe('OData filter builder', () => {
  it('escapes text literals so quotes can never end the literal', () => {
    assert.equal(literal("O'Brien"), "'O''Brien'");
    assert.equal(literal("''"), "''''''");
    assert.equal(literal("') or true or ('"), "''') or true or ('''");
    assert.equal(eq('Reference', "a'b"), "Reference eq 'a''b'");
  });

  it('writes typed literals: numbers, booleans, null, dates, GUIDs', () => {
    assert.equal(literal(42), '42');
    assert.equal(literal(-1.5), '-1.5');
    assert.equal(literal(true), 'true');
    assert.equal(literal(null), 'null');
    assert.equal(literal(new Date('2026-01-02T03:04:05Z')), '2026-01-02T03:04:05.000Z');
    assert.equal(literal(guid('0D3F2A7B-1C2D-4E5F-8A9B-0C1D2E3F4A5B')), '0d3f2a7b-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
  });

  it('rejects values and paths that would change the filter', () => {
    assert.throws(() => literal(Number.NaN));
    assert.throws(() => literal(Infinity));
    assert.throws(() => literal(new Date('nope')));
    assert.throws(() => guid("x' or 1 eq 1"));
    assert.throws(() => path('Name eq 1 or Id'));
    assert.throws(() => path("Robot/Name'"));
    assert.equal(path('Robot/Id'), 'Robot/Id');
  });

  it('refuses text that cannot be sent before sending, naming the field', () => {
    // A lone half of a surrogate pair: encodeURIComponent would throw "URI malformed".
    assert.throws(
      () => contains('Reference', 'invoice \uD83D'),
      (e: Error) => e instanceof UnsendableInputError && /Reference contains a broken character/.test(e.message),
    );
    assert.throws(() => eq('Name', '\uDE00 queue'), /Name contains a broken character/);
    // Longer than the documented limit: the server would answer 431.
    assert.throws(
      () => startsWith('Name', 'x'.repeat(FILTER_TEXT_MAX + 1)),
      /Name is too long to send: 2,001 characters, at most 2,000/,
    );
    assert.doesNotThrow(() => contains('Name', 'x'.repeat(FILTER_TEXT_MAX)));
    // Within 2,000 characters but nine-fold once encoded.
    assert.throws(() => contains('Name', '漢'.repeat(1_000)), /Name is too long to send once encoded/);
    assert.doesNotThrow(() => contains('Name', '😀'.repeat(300)), 'a whole emoji is fine');
    assert.throws(() => operationParams({ key: 'a\uD800' }), /key contains a broken character/);
    assert.equal(unsendableText('fine', 'reference'), undefined);
    assert.match(unsendableText('\uDC00', 'reference')!, /^The reference contains a broken character/);
  });

  it('composes with and/or/not, skipping absent parts', () => {
    assert.equal(and(eq('State', 'Running'), undefined, ge('Id', 5)), "(State eq 'Running') and (Id ge 5)");
    assert.equal(and(undefined, eq('Id', 1)), 'Id eq 1');
    assert.equal(and(), undefined);
    assert.equal(not(contains('Name', 'x')), "not (contains(Name,'x'))");
    assert.equal(anyOf('State', ['Pending', 'Running']), "(State eq 'Pending') or (State eq 'Running')");
    assert.equal(or(eq('A', 1)), 'A eq 1');
  });

  it('builds query strings with encoded values and endpoint caps', () => {
    const q = buildQuery({
      top: 10,
      skip: 20,
      filter: eq('Name', 'a&b=c%'),
      orderBy: [{ path: 'Id', desc: true }],
      select: ['Id', 'Name'],
      expand: ['Robot'],
      count: true,
    });
    const params = new URLSearchParams(q.slice(1));
    assert.equal(params.get('$filter'), "Name eq 'a&b=c%'");
    assert.equal(params.get('$orderby'), 'Id desc');
    assert.equal(params.get('$count'), 'true');
    assert.equal(buildQuery({}), '');
    assert.throws(() => buildQuery({ top: 101 }, 100), /at most 100/);
    assert.throws(() => buildQuery({ top: -1 }));
    assert.equal(
      operationParams({ key: "a:1'x", n: 3, b: false }),
      `key=${encodeURIComponent("'a:1''x'")},n=3,b=false`,
    );
  });
});
