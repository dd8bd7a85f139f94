// Argument documents: package arguments and process input values as JSON a user edits, the problems found and where
// they are, and the changes an apply makes.
import assert from 'node:assert/strict';
import {
  packageArgumentsText,
  parsePackageArguments,
  parseReleaseInput,
  releaseInputText,
  releaseInputValues,
  sameJson,
} from '../../../src/core/documents/argumentsDocument';
import { parseArgumentDeclarations } from '../../../src/core/orchestrator/validation';
import { firstSyntaxError, spanOf } from '../../../src/core/documents/jsonLocations';
import { describeChanges } from '../../../src/core/documents/documentChanges';

describe('argument documents', () => {
  const declared = parseArgumentDeclarations(
    JSON.stringify([
      { name: 'in_Count', type: 'System.Int32', required: true, hasDefault: false },
      { name: 'in_Names', type: 'System.String[]', required: false, hasDefault: false },
    ]),
  );

  it('shows package arguments as one object and reads them back', () => {
    const text = packageArgumentsText({
      Input: JSON.stringify(declared),
      Output: '[{"name":"out_Total","type":"System.Double"}]',
    });
    const parsed = parsePackageArguments(text);
    assert.ok(parsed.ok);
    assert.deepEqual(
      parsed.value.Input.map((a) => a.name),
      ['in_Count', 'in_Names'],
    );
    assert.deepEqual(parsed.value.Output, [{ name: 'out_Total', type: 'System.Double' }]);
    assert.equal(packageArgumentsText({ Input: null, Output: null }), '{\n  "Input": [],\n  "Output": []\n}\n');
  });

  it('names every problem of an edited package document', () => {
    const problems = (text: string) => {
      const parsed = parsePackageArguments(text);
      return parsed.ok ? [] : parsed.problems.map((p) => p.message);
    };
    assert.match(problems('{"Input": [').join(), /not valid JSON/);
    assert.match(problems('[]').join(), /JSON object/);
    assert.match(problems('{"Input": {}}').join(), /"Input" must be a list/);
    assert.match(problems('{"Inputs": []}').join(), /"Inputs" is not allowed/);
    assert.match(problems('{"Input": [{"name": "a"}]}').join(), /Input argument 1 needs a "name" and a "type"/);
    assert.match(problems('{"Input": [{"name": "1abc", "type": "System.String"}]}').join(), /not a valid name/);
    assert.match(
      problems('{"Input": [{"name": "a", "type": "System.String"}, {"name": "A", "type": "System.Int32"}]}').join(),
      /declared twice/,
    );
    assert.match(problems('{"Input": [{"name": "a", "type": "System.String; DROP"}]}').join(), /not a type name/);
    assert.match(
      problems('{"Output": [{"name": "o", "type": "System.String", "required": true}]}').join(),
      /"required" is not allowed on an output argument/,
    );
    assert.match(
      problems('{"Input": [{"name": "a", "type": "System.String", "required": "yes"}]}').join(),
      /needs a "name"/,
    );
  });

  it('shows process input values and checks them against the declared types and the cap', () => {
    assert.equal(releaseInputText({ Arguments: { Input: '{"in_Count":3}' } }), '{\n  "in_Count": 3\n}\n');
    assert.equal(releaseInputText({ InputArguments: null }), '{}\n');
    assert.deepEqual(releaseInputValues({ InputArguments: '{"in_Count":3}' }), { in_Count: 3 });
    assert.deepEqual(releaseInputValues({ Arguments: { Input: '[1]' } }), {}, 'not an object: no values');
    assert.deepEqual(releaseInputValues({ Arguments: { Input: '{' } }), {}, 'unreadable: no values');
    assert.deepEqual(parseReleaseInput('{ "in_Count": 3 }', declared), { ok: true, value: '{"in_Count":3}' });
    assert.deepEqual(
      parseReleaseInput('{}', declared),
      { ok: true, value: '{}' },
      'required inputs may be left to the job',
    );
    const bad = (text: string) => {
      const parsed = parseReleaseInput(text, declared);
      return parsed.ok ? '' : parsed.problems.map((p) => p.message).join(' | ');
    };
    assert.match(bad('{"in_Count": "3"}'), /in_Count must be a whole number/);
    assert.match(bad('{"in_Names": "a"}'), /in_Names must be a list/);
    assert.match(bad('{"in_Other": 1}'), /not an input argument/);
    assert.match(bad('[1]'), /JSON object/);
    assert.match(bad('{"in_Names": ["' + 'x'.repeat(10_000) + '"]}'), /limit is 10,000/);
    assert.doesNotMatch(bad('{"in_Names": ["' + 'x'.repeat(10_000) + '"]}'), /\|.*limit/, 'the size is reported once');
  });

  it('compares JSON by value, not formatting', () => {
    assert.ok(sameJson('{"a":1,"b":[1,2]}', '{\n  "b": [1, 2],\n  "a": 1\n}'));
    assert.ok(!sameJson('{"a":1}', '{"a":2}'));
  });
});

describe('argument documents: where problems are, and what applying changes', () => {
  const declared = parseArgumentDeclarations(
    JSON.stringify([
      { name: 'in_Count', type: 'System.Int32' },
      { name: 'in_Name', type: 'System.String' },
    ]),
  );

  it('points each input-value problem at its property and a syntax error at its offset', () => {
    const text = '{\n  "in_Name": "a",\n  "IN_COUNT": "3",\n  "in_Other": 1\n}';
    const parsed = parseReleaseInput(text, declared);
    assert.ok(!parsed.ok);
    const spans = parsed.problems.map((p) => ({ message: p.message, span: spanOf(text, p.path!) }));
    const count = spans.find((s) => /IN_COUNT must be a whole number/.test(s.message))!;
    assert.equal(text.slice(count.span!.offset, count.span!.offset + count.span!.length), '"IN_COUNT": "3"');
    const other = spans.find((s) => /in_Other is not an input argument/.test(s.message))!;
    assert.equal(text.slice(other.span!.offset, other.span!.offset + other.span!.length), '"in_Other": 1');
    const broken = parseReleaseInput('{\n  "in_Count": 3,\n  ,\n}', declared);
    assert.ok(!broken.ok);
    assert.equal(broken.problems[0]!.offset, '{\n  "in_Count": 3,\n  '.length);
  });

  it('points package-argument problems at the entry, and finds names ignoring case', () => {
    const text = '{ "Input": [ { "name": "ok", "type": "System.String" }, { "name": "x" } ], "Extra": 1 }';
    const parsed = parsePackageArguments(text);
    assert.ok(!parsed.ok);
    const entry = parsed.problems.find((p) => /Input argument 2 needs/.test(p.message))!;
    const span = spanOf(text, entry.path!)!;
    assert.equal(text.slice(span.offset, span.offset + span.length), '{ "name": "x" }');
    assert.ok(parsed.problems.some((p) => p.path?.[0] === 'Extra'));
    assert.equal(spanOf(text, ['input', 0, 'NAME'])?.length, '"name": "ok"'.length);
    assert.equal(spanOf(text, ['Missing']), undefined);
    assert.equal(firstSyntaxError('{"a": 1}'), undefined);
  });

  it('lists the changes an apply makes, in words', () => {
    assert.deepEqual(describeChanges('releaseInput', '{"a":5,"b":"x","c":[1]}', '{"a":57,"c":[1],"d":true}'), [
      'a: 5 → 57',
      'b: removed (was "x")',
      'd: set to true',
    ]);
    assert.deepEqual(describeChanges('releaseInput', '{"a":1}', '{ "a": 1 }'), []);
    assert.match(
      describeChanges('releaseInput', '{}', JSON.stringify({ long: 'y'.repeat(500) }))[0]!,
      /^long: set to "y+…$/,
    );
    const before = JSON.stringify({
      Input: [
        { name: 'in_A', type: 'System.String' },
        { name: 'in_B', type: 'System.Int32' },
      ],
      Output: [],
    });
    const after = JSON.stringify({
      Input: [{ name: 'in_A', type: 'System.String', required: true }],
      Output: [{ name: 'out_T', type: 'System.Double' }],
    });
    assert.deepEqual(describeChanges('packageArguments', before, after), [
      'Input argument in_A: System.String → System.String, required',
      'Input argument in_B: removed (was System.Int32)',
      'Output argument out_T: added (System.Double)',
    ]);
  });
});
