import assert from 'node:assert/strict';
import { parseJsonText, takeParsedJson } from '../../../src/core/http/parsedJson';
import { Transport } from '../../../src/core/http/transport';
import { parseCollection, prepareFastPath } from '../../../src/core/odata/envelope';
import { fastCheck } from '../../../src/core/odata/schemaFastPath';
import { QueueItemSchema } from '../../../src/core/orchestrator/schemas';

const ROW = { Id: 1, Key: 'k', QueueDefinitionId: 2, Status: 'New', CreationTime: '2026-01-02T03:04:05Z' };

/** A row of a shape JSON.parse never makes: a symbol key in its record, or a record of another class. */
function rowsJsonCannotMake(): Record<string, unknown>[] {
  const withSymbol: Record<string | symbol, unknown> = { Amount: 5 };
  withSymbol[Symbol('hidden')] = 'x';
  class Content {
    Amount = 5;
  }
  return [
    { ...ROW, SpecificContent: withSymbol },
    { ...ROW, SpecificContent: new Content() },
  ];
}

describe('Values the transport’s JSON.parse made', () => {
  before(() => prepareFastPath());

  it('are marked by the transport, and the mark is taken once (a second reader of a shared answer gets every test)', async () => {
    const transport = new Transport({
      connection: { kind: 'onPremises', serviceUrl: 'http://127.0.0.1:1' },
      fetch: async () =>
        new Response(JSON.stringify({ value: [ROW] }), { headers: { 'content-type': 'application/json' } }),
      token: async () => 't',
    });
    const body = await transport.request({ method: 'GET', path: '/odata/QueueItems' });
    assert.equal(body.kind, 'json');
    const value = body.kind === 'json' ? body.value : undefined;
    assert.equal(takeParsedJson(value), true, 'made by the transport');
    assert.equal(takeParsedJson(value), false, 'taken once');
    assert.equal(takeParsedJson(JSON.parse(JSON.stringify({ value: [ROW] }))), false, 'made elsewhere');
    assert.equal(takeParsedJson(parseJsonText('7')), false, 'a number carries no mark');
    const page = parseJsonText(JSON.stringify({ value: [ROW] }));
    assert.equal(parseCollection('GET /odata/QueueItems', page, QueueItemSchema).items.length, 1);
    assert.equal(takeParsedJson(page), false, 'parseCollection took the mark');
  });

  it('let only rows from the transport’s JSON.parse skip the prototype and symbol tests', () => {
    const rows = rowsJsonCannotMake();
    // The check for JSON.parse's values would pass these rows as they are: only the mark lets it be used.
    for (const row of rows) assert.equal(fastCheck(QueueItemSchema, true)(row), true);
    for (const row of rows) assert.equal(fastCheck(QueueItemSchema)(row), false);
    // A record of another class is zod's to decide (it refuses it): not handed on as it came.
    const page = parseCollection('GET /odata/QueueItems', { value: [rows[1]] }, QueueItemSchema);
    assert.deepEqual([page.items.length, page.skipped.length], [0, 1]);
    const parsed = parseJsonText(JSON.stringify({ value: [ROW, ROW] })) as { value: unknown[] };
    const fromText = parseCollection('GET /odata/QueueItems', parsed, QueueItemSchema);
    assert.equal(fromText.items[0], parsed.value[0], 'a row from the text is handed on as it came');
  });
});
