import assert from 'node:assert/strict';
import {
  changedValues,
  controlOf,
  differsFromService,
  ideaHeading,
  limitsOf,
  rawValuesOf,
  readForm,
  readValue,
} from '../../../src/shared/ideaFormModel';
import type { FormField, FormLookups, RawValues } from '../../../src/shared/protocol/ideaForm';
import { IDEA_SCHEMA, validateIdea } from '@orchestrator-workbench/sandbox/ideas/schema';

const fields = IDEA_SCHEMA.fields as FormField[];
const field = (key: string) => fields.find((f) => f.key === key)!;
const lookups: FormLookups = {
  categories: [
    { value: '2', label: 'Finance › Accounts Payable' },
    { value: '6', label: 'IT' },
  ],
  users: [
    { value: '1', label: 'Ada' },
    { value: '2', label: 'Dev' },
  ],
};
const valid: RawValues = {
  name: 'Match invoices',
  description: 'Daily',
  category: '2',
  hoursSavedPerMonth: '12.5',
  frequency: 'daily',
  applications: ['sap', 'excel'],
  rulesBased: 'true',
  targetDate: '2027-01-31',
  processOwner: '1',
};

describe('idea form model', () => {
  it('gives each field type its control; category and user fields list the lookups, or take an id without them', () => {
    assert.deepEqual(
      fields.map((f) => controlOf(f, lookups).kind),
      ['textfield', 'textarea', 'select', 'number', 'select', 'multiselect', 'yesNo', 'date', 'select'],
    );
    assert.equal(controlOf(field('category'), lookups).choices!.length, 2);
    assert.equal(controlOf(field('category'), {}).kind, 'number');
    assert.match(limitsOf(field('name')), /short, descriptive title.*At most 120 characters/);
    assert.match(limitsOf(field('hoursSavedPerMonth')), /From 0 to 10000/);
    assert.match(limitsOf(field('applications')), /up to 3/);
  });

  it('reads typed text into the values the service takes', () => {
    const { values, problems } = readForm(fields, valid, lookups);
    assert.deepEqual(problems, []);
    assert.deepEqual(values, {
      name: 'Match invoices',
      description: 'Daily',
      category: 2,
      hoursSavedPerMonth: 12.5,
      frequency: 'daily',
      applications: ['sap', 'excel'],
      rulesBased: true,
      targetDate: '2027-01-31',
      processOwner: 1,
    });
    assert.deepEqual(rawValuesOf(fields, values), valid, 'and back to what the controls show');
  });

  it('names each bad input beside its field, once', () => {
    const bad: [Partial<RawValues>, string, RegExp][] = [
      [{ name: '' }, 'name', /Idea name is required/],
      [{ name: 'x'.repeat(121) }, 'name', /at most 120 characters/],
      [{ name: 'two\nlines' }, 'name', /single line/],
      [{ description: 'x'.repeat(5001) }, 'description', /at most 5000/],
      [{ hoursSavedPerMonth: 'ten' }, 'hoursSavedPerMonth', /must be a number/],
      [{ hoursSavedPerMonth: '12,5' }, 'hoursSavedPerMonth', /must be a number/],
      [{ hoursSavedPerMonth: '1e3' }, 'hoursSavedPerMonth', /must be a number/],
      [{ hoursSavedPerMonth: 'Infinity' }, 'hoursSavedPerMonth', /must be a number/],
      [{ hoursSavedPerMonth: '-1' }, 'hoursSavedPerMonth', /at least 0/],
      [{ hoursSavedPerMonth: '10001' }, 'hoursSavedPerMonth', /at most 10000/],
      [{ frequency: 'hourly' }, 'frequency', /one of the choices/],
      [{ frequency: '' }, 'frequency', /required/],
      [{ applications: ['sap', 'excel', 'outlook', 'salesforce'] }, 'applications', /at most 3 choices/],
      [{ applications: ['sap', 'sap'] }, 'applications', /twice/],
      [{ applications: ['<script>'] }, 'applications', /list of the choices/],
      [{ applications: 'sap' }, 'applications', /list of the choices/],
      [{ rulesBased: 'yes' }, 'rulesBased', /yes or no/],
      [{ targetDate: '31/01/2027' }, 'targetDate', /YYYY-MM-DD/],
      [{ category: '999' }, 'category', /existing category/],
      [{ category: 'Finance' }, 'category', /Category must be the number of a category/],
      [{ processOwner: '77' }, 'processOwner', /existing user/],
      [{ name: ['a'] }, 'name', /takes one value/],
    ];
    for (const [change, key, message] of bad) {
      const { problems } = readForm(fields, { ...valid, ...change } as RawValues, lookups);
      assert.equal(problems.length, 1, `${JSON.stringify(change).slice(0, 60)} → ${JSON.stringify(problems)}`);
      assert.equal(problems[0]!.field, key);
      assert.match(problems[0]!.message, message);
    }
    assert.deepEqual(
      readForm(fields, { ...valid, extra: 'x' }, lookups).problems.map((p) => p.field),
      ['extra'],
    );
  });

  it('refuses exactly what the service refuses (same fields, for every case above and more)', () => {
    const categoryIds = new Set([2, 6]);
    const userIds = new Set([1, 2]);
    const cases: Partial<RawValues>[] = [
      {},
      { name: '' },
      { name: 'x'.repeat(120) },
      { name: 'x'.repeat(121) },
      { description: '' },
      { hoursSavedPerMonth: '0' },
      { hoursSavedPerMonth: '10000' },
      { hoursSavedPerMonth: '10000.5' },
      { frequency: 'weekly' },
      { frequency: 'x' },
      { applications: [] },
      { applications: ['outlook'] },
      { applications: ['sap', 'excel', 'outlook'] },
      { applications: ['a', 'b', 'c', 'd'] },
      { rulesBased: 'false' },
      { rulesBased: '' },
      { targetDate: '' },
      { targetDate: '2027-13-45' },
      { targetDate: 'tomorrow' },
      { category: '6' },
      { category: '3' },
      { category: '' },
      { processOwner: '' },
      { processOwner: '2' },
      { processOwner: '3' },
    ];
    for (const change of cases) {
      const raw = { ...valid, ...change } as RawValues;
      const ours = readForm(fields, raw, lookups);
      const theirs = validateIdea(ours.values, { categoryIds, userIds });
      assert.deepEqual(
        ours.problems.map((p) => p.field).sort(),
        theirs.map((e) => e.field).sort(),
        JSON.stringify(change),
      );
    }
  });

  it('an edit sends only what changed, cleared fields as null', () => {
    const before = { name: 'A', description: 'B', category: 2, applications: ['sap'] };
    assert.deepEqual(
      changedValues(fields, before, { name: 'A', description: 'C', category: 2, applications: ['sap'] }),
      { description: 'C' },
    );
    assert.deepEqual(changedValues(fields, before, { name: 'A', description: 'B', category: 2 }), {
      applications: null,
    });
    assert.deepEqual(changedValues(fields, before, before), {});
  });

  it('reads empty text as no value and keeps text fields as typed', () => {
    assert.deepEqual(readValue(field('hoursSavedPerMonth'), '  '), {});
    assert.deepEqual(readValue(field('name'), '  padded  '), { value: '  padded  ' });
    assert.deepEqual(readValue(field('applications'), []), { value: undefined });
  });

  it('a draft is only what differs from the service: the values a form shows, however written, are no draft', () => {
    const service = {
      name: 'Match invoices',
      description: 'Daily',
      category: 2,
      hoursSavedPerMonth: 12.5,
      frequency: 'daily',
      applications: ['sap', 'excel'],
      rulesBased: true,
      targetDate: '2027-01-31',
      processOwner: 1,
    };
    assert.equal(differsFromService(fields, service, rawValuesOf(fields, service)), false, 'what the form shows');
    assert.equal(
      differsFromService(fields, service, { ...valid, hoursSavedPerMonth: '12.50', category: ' 2 ' }),
      false,
      'the same values, typed differently',
    );
    assert.equal(differsFromService(fields, service, { ...valid, description: 'Daily, at nine' }), true);
    assert.equal(
      differsFromService(fields, service, { ...valid, hoursSavedPerMonth: 'twelve' }),
      true,
      'text that reads as no value differs',
    );
    assert.equal(differsFromService(fields, service, { ...valid, unknown: 'x' }), true);
    // A new idea: the service holds nothing, so an empty form is no draft and any typed value is one.
    assert.equal(differsFromService(fields, {}, rawValuesOf(fields, {})), false);
    assert.equal(differsFromService(fields, {}, {}), false);
    assert.equal(differsFromService(fields, {}, { ...rawValuesOf(fields, {}), name: 'H' }), true);
  });
});

describe('the idea panel heading', () => {
  it("reads the idea's name, then its phase, status and number — not the service's 'automation 100'", () => {
    const idea = { id: 100, name: 'Automate invoice matching', phase: 'Idea', status: 'Awaiting Review' };
    assert.deepEqual(ideaHeading(idea, 'Idea form'), {
      title: 'Automate invoice matching',
      subtitle: 'Idea · Awaiting Review · #100',
    });
    assert.equal(ideaHeading({ ...idea, name: '  ' }, 'Idea form').title, 'Idea #100', 'a blank name says which idea');
    assert.deepEqual(ideaHeading(undefined, 'Submit an idea'), { title: 'Submit an idea' }, 'a new idea: the form');
    for (const heading of [ideaHeading(idea, 'x'), ideaHeading({ ...idea, name: '' }, 'x')])
      assert.doesNotMatch(`${heading.title} ${heading.subtitle}`, /automation/i);
  });
});
