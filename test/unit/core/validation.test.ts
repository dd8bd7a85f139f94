import { parseQueueItemsFile } from '../../../src/core/orchestrator/queueItemsFile';
import assert from 'node:assert/strict';
import {
  checkArgumentDeclarations,
  checkArgumentValue,
  checkInputArgumentsText,
  checkInputValues,
  checkQueueItem,
  parseArgumentDeclarations,
} from '../../../src/core/orchestrator/validation';

describe('client-side validation', () => {
  it('checks argument values against their .NET types, naming the argument', () => {
    const ok: [string, unknown][] = [
      ['System.String', 'x'],
      ['System.Int32', 5],
      ['System.Int64', 2 ** 40],
      ['System.Boolean', false],
      ['System.DateTime', '2026-01-01T00:00:00Z'],
      ['System.Double', 1.5],
      ['System.String[]', ['a', 'b']],
      ['System.Collections.Generic.Dictionary`2[System.String,System.Object]', { a: 1 }],
    ];
    for (const [type, value] of ok) assert.equal(checkArgumentValue('in_X', type, value), undefined, type);
    const bad: [string, unknown, RegExp][] = [
      ['System.Int32', 1.5, /in_X must be a whole number/],
      ['System.Int32', 2 ** 31, /out of range/],
      ['System.Int32', '5', /whole number/],
      ['System.Boolean', 'true', /true or false/],
      ['System.DateTime', 'tomorrow', /date and time/],
      ['System.Double', Number.NaN, /number/],
      ['System.String[]', 'a', /list/],
      ['System.String[]', ['a', 1], /in_X\[1\] must be text/],
      ['System.String', 3, /text/],
    ];
    for (const [type, value, message] of bad)
      assert.match(checkArgumentValue('in_X', type, value) ?? '', message, `${type} ${JSON.stringify(value)}`);
  });

  it('checks input values: unknown names, required ones, size', () => {
    const declared = parseArgumentDeclarations(
      JSON.stringify([
        { name: 'in_A', type: 'System.String', required: true, hasDefault: false },
        { name: 'in_B', type: 'System.Int32', required: false, hasDefault: true },
      ]),
    );
    assert.deepEqual(checkInputValues(declared, { in_A: 'x', in_B: 2 }), []);
    assert.deepEqual(checkInputValues(declared, { in_B: 2 }), ['in_A is required.']);
    assert.deepEqual(checkInputValues(declared, { in_A: 'x', nope: 1 }), [
      'nope is not an input argument of this process.',
    ]);
    assert.match(checkInputValues(declared, { in_A: 'x'.repeat(10_000) }).join(), /limit is 10,000/);
  });

  it('checks input JSON text: at most 10,000 characters of a JSON object', () => {
    assert.equal(checkInputArgumentsText('{}'), undefined);
    assert.match(checkInputArgumentsText('[1]') ?? '', /JSON object/);
    assert.match(checkInputArgumentsText('{') ?? '', /not valid JSON/);
    assert.match(checkInputArgumentsText(JSON.stringify({ a: 'x'.repeat(10_000) })) ?? '', /limit is 10,000/);
  });

  it('checks SetArguments declarations and queue items', () => {
    assert.equal(checkArgumentDeclarations([{ name: 'a', type: 'System.String' }], 'Input'), undefined);
    assert.match(
      checkArgumentDeclarations(
        [
          { name: 'a', type: 'System.String' },
          { name: 'A', type: 'System.Int32' },
        ],
        'Input',
      ) ?? '',
      /twice/,
    );
    assert.match(
      checkArgumentDeclarations([{ name: '1a', type: 'System.String' }], 'Output') ?? '',
      /not a valid name/,
    );
    assert.match(checkArgumentDeclarations([{ name: 'a', type: "x'); drop" }], 'Input') ?? '', /not a type name/);
    assert.equal(checkQueueItem({ Name: 'Q', Priority: 'High', SpecificContent: { a: 1 } }), undefined);
    assert.match(
      // A nested object where the type allows only primitives: the wrong shape is what is refused.
      checkQueueItem({ Name: 'Q', SpecificContent: { a: { nested: true } as never } }) ?? '',
      /SpecificContent\.a/,
    );
    assert.match(checkQueueItem({ Name: 'Q', SpecificContent: { a: '€'.repeat(256_001) } }) ?? '', /limit is 256,000/);
    assert.match(
      checkQueueItem({ Name: 'Q', DeferDate: '2026-02-01T00:00:00Z', DueDate: '2026-01-01T00:00:00Z' }) ?? '',
      /DueDate/,
    );
    assert.match(checkQueueItem({ Name: ' ' }) ?? '', /queue name/);
  });

  it('reads a Bulk Add file: a JSON array of checked items, every problem named by item number', () => {
    const ok = parseQueueItemsFile(
      JSON.stringify([
        { Reference: "O'Brien", Priority: 'High', SpecificContent: { Amount: 1.5, Paid: false, Note: null } },
        {},
      ]),
      'Q',
    );
    assert.deepEqual(ok, {
      items: [
        { Reference: "O'Brien", Priority: 'High', SpecificContent: { Amount: 1.5, Paid: false, Note: null } },
        {},
      ],
    });
    const problems = (text: string) => {
      const result = parseQueueItemsFile(text, 'Q');
      assert.ok('problems' in result, text);
      return result.problems;
    };
    assert.match(problems('{"Reference": "x"')[0]!, /^The file is not JSON/);
    assert.match(problems('{"Reference": "x"}')[0]!, /JSON array/);
    assert.match(problems('[]')[0]!, /no items/);
    const bad = problems(
      JSON.stringify([
        { SpecificContent: { Nested: { a: 1 } } },
        { Priority: 'Urgent' },
        { Name: 'Other' },
        { DueDate: 'soon' },
        { DeferDate: '2026-12-02T00:00:00Z', DueDate: '2026-12-01T00:00:00Z' },
      ]),
    );
    assert.equal(bad.length, 5);
    assert.match(bad[0]!, /^Item 1: SpecificContent\.Nested/);
    assert.match(bad[1]!, /^Item 2: Priority/);
    assert.match(bad[2]!, /^Item 3: .*Name/, 'unknown fields (the queue name comes from the queue) are refused');
    assert.match(bad[3]!, /^Item 4: DueDate must be a date/);
    assert.match(bad[4]!, /^Item 5: DueDate must not be before DeferDate/);
  });
});
