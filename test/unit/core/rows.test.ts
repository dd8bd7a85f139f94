import assert from 'node:assert/strict';
import {
  ContextValue,
  MENU_LESS_CONTEXT_VALUES,
  VIEW_CONTEXT_VALUES,
  collectionContextValue,
  CollectionContext,
} from '../../../src/core/rows/contextValues';
import { childId, formatRowId, KEYED_WORDS, NAMED_WORDS, parseRowId, RowIds } from '../../../src/core/rows/rowIds';
import { connectionIdOf, optionalRowOf, refusal, rowOf } from '../../../src/core/rows/rowOf';
import { keyOf, makeRow } from '../../../src/core/rows/rows';
import { HOSTILE_TEXTS } from '../../fixtures/hostileTexts';
import { aConnection, aJob, aRelease } from '../../support/entities';

const connection = aConnection({
  id: 'https://cloud.test/acme/main',
  serviceUrl: 'https://cloud.test',
  account: 'acme',
  tenant: 'main',
  clientId: 'c',
});
const job = aJob({ Id: 7, Key: 'k-7', State: 'Running', ReleaseName: 'Invoices' });
const release = aRelease({ Id: 3, Key: 'r-3', Name: 'Invoices' });

describe('row ids', () => {
  it('read back what they were built from: connection ids with slashes, folders by id, entities with any text', () => {
    const jobs = RowIds.ofFolder(connection.id, 12, 'jobs');
    assert.equal(jobs, 'conn/https:%2F%2Fcloud.test%2Facme%2Fmain/folder/12/jobs');
    assert.deepEqual(parseRowId(childId(jobs, 'job', 'k-7')), {
      view: 'explorer',
      connectionId: connection.id,
      steps: [{ word: 'folder', value: '12' }, { word: 'jobs' }, { word: 'job', value: 'k-7' }],
    });
    const status = childId(
      childId(RowIds.ideasList(connection.id, 'pipeline'), 'phase', 'Idea'),
      'status',
      'Awaiting Review',
    );
    assert.deepEqual(parseRowId(status)?.steps, [
      { word: 'pipeline' },
      { word: 'phase', value: 'Idea' },
      { word: 'status', value: 'Awaiting Review' },
    ]);
    assert.equal(parseRowId(status)?.view, 'ideas');
  });

  it('keep every value whole and apart, hostile text included (slashes, percent signs, lone surrogates, nothing)', () => {
    const values = [...HOSTILE_TEXTS.map(String), 'a/b', '%2F', '%25', '100%', '', ' '];
    const ids = values.map((value) => childId(RowIds.connection(value), 'phase', value));
    assert.equal(new Set(ids).size, values.length, 'different values, different ids');
    for (const [i, id] of ids.entries()) {
      const path = parseRowId(id);
      assert.deepEqual(
        path,
        { view: 'explorer', connectionId: values[i], steps: [{ word: 'phase', value: values[i] }] },
        id,
      );
      assert.equal(formatRowId(path!), id);
    }
  });

  it('tell a named row from a keyed one by its word alone, and refuse what the grammar cannot build', () => {
    assert.deepEqual(
      NAMED_WORDS.filter((word) => (KEYED_WORDS as readonly string[]).includes(word)),
      [],
    );
    for (const id of ['', 'conn', 'other/x', 'conn/c/unknownWord', 'conn/c/job', 'conn/c/folder/1/jobs/job'])
      assert.equal(parseRowId(id), undefined, id);
  });

  it("name a queue's statuses, the host tenants and an idea under its list", () => {
    const queue = RowIds.queue('c', 4, 9);
    assert.equal(queue, 'conn/c/folder/4/queues/queue/9');
    assert.equal(RowIds.queueItems(queue, 'all'), 'conn/c/folder/4/queues/queue/9/items/all');
    assert.equal(RowIds.hostTenants('c'), 'conn/c/tenant/tenants');
    assert.equal(RowIds.idea(RowIds.ideasList('c', 'all'), 5), 'ideas/c/all/idea/5');
  });
});

describe('rows of commands', () => {
  const jobRow = makeRow({ kind: 'job', connection, folder: { id: 12 }, job });

  it('come from a tree node carrying a row, or from a row handed on by another command', () => {
    assert.equal(rowOf({ id: 'x', row: jobRow }, 'job'), jobRow);
    assert.equal(rowOf(jobRow, 'job', 'robot'), jobRow);
    assert.equal(optionalRowOf(jobRow, 'queueItem'), undefined);
    assert.equal(optionalRowOf(undefined, 'job'), undefined);
  });

  it("are refused in the user's words when the argument is another kind, a look-alike, or nothing", () => {
    const lookAlike = { kind: 'job', connection, folder: { id: 12 }, job };
    // Nothing, an id, a row-shaped object that was not made as a row, and the old forged { value } node.
    for (const arg of [
      undefined,
      'job',
      lookAlike,
      { row: lookAlike },
      { value: { connection, folder: { id: 12 }, job } },
    ]) {
      assert.throws(() => rowOf(arg, 'job'), { message: 'Choose a job under Jobs in the Orchestrator view.' });
    }
    assert.throws(() => rowOf(jobRow, 'queue'), { message: 'Choose a queue under Queues in the Orchestrator view.' });
    assert.equal(
      refusal(['job', 'robot']),
      'Choose a job under Jobs, or a robot under Robots & Sessions, in the Orchestrator view.',
    );
    assert.equal(refusal(['idea']), 'Choose an automation idea in the Ideas view.');
  });

  it('name their connection, as ids and { connectionId } do', () => {
    assert.equal(connectionIdOf(jobRow), connection.id);
    assert.equal(connectionIdOf({ row: jobRow }), connection.id);
    assert.equal(connectionIdOf('c1'), 'c1');
    assert.equal(connectionIdOf({ connectionId: 'c2' }), 'c2');
    assert.equal(connectionIdOf({ connection }), undefined, 'a look-alike names nothing');
    assert.equal(connectionIdOf(undefined), undefined);
  });

  it('have the key Copy Key copies', () => {
    assert.equal(keyOf(jobRow), 'k-7');
    assert.equal(keyOf(makeRow({ kind: 'process', connection, folder: { id: 1 }, release })), 'r-3');
  });
});

describe('context values', () => {
  it('are declared for a view each, every constant in at least one', () => {
    const declared = new Set([...VIEW_CONTEXT_VALUES.explorer, ...VIEW_CONTEXT_VALUES.ideas]);
    assert.deepEqual(
      Object.values(ContextValue).filter((value) => !declared.has(value)),
      [],
    );
    for (const value of MENU_LESS_CONTEXT_VALUES) assert.ok(declared.has(value), value);
  });

  it('of a collection carry its flags after what it lists', () => {
    assert.equal(
      collectionContextValue(CollectionContext.collection, { filterable: true, stateful: true, filtered: false }),
      'collection filterable stateful',
    );
    assert.equal(
      collectionContextValue(CollectionContext.queueItems, { filterable: true, stateful: false, filtered: true }),
      'collection queueItems filterable filtered',
    );
    assert.ok(VIEW_CONTEXT_VALUES.explorer.includes('collection queueItems filterable filtered'));
    assert.ok(VIEW_CONTEXT_VALUES.ideas.includes('collection ideas filterable'));
  });
});
