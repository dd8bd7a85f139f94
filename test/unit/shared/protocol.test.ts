import assert from 'node:assert/strict';
import { parseQueueItemFromWebview, parseQueueItemToWebview } from '../../../src/shared/protocol/queueItem';
import { parseIdeaFormFromWebview, parseIdeaFormToWebview } from '../../../src/shared/protocol/ideaForm';
import { queueItemDetails, queueItemEvents } from '../../../src/host/presentation/queueItemDetails';
import type { QueueItem } from '../../../src/core/orchestrator/schemas';

const problem = (parsed: { ok: boolean; problem?: string }) => (parsed.ok ? '' : parsed.problem!);

describe('webview protocols', () => {
  describe('queue item panel, from the webview', () => {
    it('accepts ready and the four allowed actions', () => {
      assert.ok(parseQueueItemFromWebview({ type: 'ready' }).ok);
      for (const action of ['refresh', 'copyJson', 'openAncestor', 'delete'])
        assert.ok(parseQueueItemFromWebview({ type: 'request', id: 7, action }).ok, action);
    });

    it('drops unknown types, wrong shapes, extra keys and command ids, naming what is wrong', () => {
      const bad: [unknown, RegExp][] = [
        [{ type: 'runCommand', command: 'orchestrator.removeConnection' }, /'runCommand'/],
        [{ type: 'request', id: 1, action: 'orchestrator.removeConnection' }, /at action/],
        [{ type: 'request', id: 1, action: 'workbench.action.closeAllEditors' }, /at action/],
        [{ type: 'request', id: '1', action: 'refresh' }, /at id/],
        [{ type: 'request', id: -1, action: 'refresh' }, /at id/],
        [{ type: 'request', id: 1.5, action: 'refresh' }, /at id/],
        [{ type: 'request', action: 'refresh' }, /at id/],
        [{ type: 'request', id: 1, action: 'refresh', command: 'x' }, /'request'/],
        [{ type: 'ready', extra: true }, /'ready'/],
        [null, /message null/],
        ['ready', /message string/],
        [[{ type: 'ready' }], /message object/],
        [{ type: { toString: 'x' } }, /message/],
      ];
      for (const [raw, expected] of bad) {
        const parsed = parseQueueItemFromWebview(raw);
        assert.equal(parsed.ok, false, JSON.stringify(raw));
        assert.match(problem(parsed), expected);
      }
    });
  });

  describe('idea form panel, from the webview', () => {
    it('accepts drafts and submits of typed values, and the allowed requests', () => {
      assert.ok(parseIdeaFormFromWebview({ type: 'draft', values: { name: 'x', applications: ['sap'] } }).ok);
      assert.ok(parseIdeaFormFromWebview({ type: 'submit', id: 3, values: {} }).ok);
      for (const action of ['reload', 'discardDraft', 'revealInTree'])
        assert.ok(parseIdeaFormFromWebview({ type: 'request', id: 1, action }).ok);
    });

    it('drops values that are not text or lists of text, oversized values and unknown actions', () => {
      for (const raw of [
        { type: 'submit', id: 1, values: { name: 5 } },
        { type: 'submit', id: 1, values: { name: { html: '<b>' } } },
        { type: 'submit', id: 1, values: { applications: [1, 2] } },
        { type: 'submit', id: 1, values: { name: 'x'.repeat(300_001) } },
        { type: 'submit', id: 1, values: 'name=x' },
        { type: 'draft', values: Object.fromEntries(Array.from({ length: 5_001 }, (_, i) => [`k${i}`, ''])) },
        { type: 'request', id: 1, action: 'submit' },
        { type: 'request', id: 1, action: 'orchestrator.submitIdea' },
        { type: 'submit', id: 1 },
      ])
        assert.equal(parseIdeaFormFromWebview(raw).ok, false, JSON.stringify(raw).slice(0, 80));
    });
  });

  describe('from the host', () => {
    const item = {
      Id: 41,
      Key: 'b1c2d3e4-0000-4000-8000-000000000041',
      QueueDefinitionId: 3,
      Status: 'Failed',
      ReviewStatus: 'None',
      ReviewerUserId: 9,
      Reference: '<img src=x onerror=alert(1)>',
      Priority: 'High',
      DeferDate: null,
      DueDate: null,
      StartProcessing: '2026-11-20T10:00:00Z',
      EndProcessing: '2026-11-20T10:01:00Z',
      SecondsInPreviousAttempts: 0,
      AncestorId: 12,
      RetryNumber: 1,
      CreationTime: '2026-11-20T09:59:00Z',
      Progress: null,
      RowVersion: 'AAA=',
      ProcessingExceptionType: 'BusinessException',
      ProcessingException: { Reason: '</textarea><script>alert(1)</script>', Details: 'at Line 1' },
      Output: null,
      OutputData: '{"DynamicProperties":{"Total":12.5,"Ok":true}}',
      SpecificData: null,
      SpecificContent: { Invoice: 'javascript:alert(1)', Amount: 12, Paid: false, Note: null },
    } as QueueItem;

    it('shapes every field of a queue item, values as text with their kind, and passes its own schema', () => {
      const details = queueItemDetails(item, { queueName: 'Invoices', folderName: 'Shared' });
      assert.equal(details.reviewer, 'User 9');
      assert.equal(details.ancestorId, 12);
      assert.deepEqual(details.specificContent, [
        { key: 'Invoice', value: 'javascript:alert(1)', kind: 'string' },
        { key: 'Amount', value: '12', kind: 'number' },
        { key: 'Paid', value: 'false', kind: 'boolean' },
        { key: 'Note', value: 'null', kind: 'null' },
      ]);
      assert.deepEqual(details.output, [
        { key: 'Total', value: '12.5', kind: 'number' },
        { key: 'Ok', value: 'true', kind: 'boolean' },
      ]);
      assert.deepEqual(details.exception, {
        type: 'BusinessException',
        reason: '</textarea><script>alert(1)</script>',
        details: 'at Line 1',
      });
      const events = queueItemEvents([
        {
          Id: 5,
          QueueItemId: 41,
          Action: 'StatusChange',
          Status: 'Failed',
          Timestamp: '2026-11-20T10:01:00Z',
          UserName: 'robot',
        },
        { Id: 4, QueueItemId: 41, Action: 'Create', Status: 'New', Timestamp: '2026-11-20T09:59:00Z', UserName: 'dev' },
      ]);
      assert.deepEqual(
        events.map((e) => e.action),
        ['Create', 'StatusChange'],
        'oldest first',
      );
      const message = {
        type: 'show',
        identity: { connectionId: 'c', folderId: 1, itemId: 41 },
        item: details,
        events,
        canDelete: false,
        readOnly: false,
      };
      assert.ok(parseQueueItemToWebview(message).ok, problem(parseQueueItemToWebview(message)));
    });

    it('keeps output text that is not JSON as one entry, and a 256,000-character value whole', () => {
      const big = 'x'.repeat(256_000);
      const details = queueItemDetails({ ...item, OutputData: 'plain text', SpecificContent: { Big: big } }, {});
      assert.deepEqual(details.output, [{ key: 'OutputData', value: 'plain text', kind: 'string' }]);
      assert.equal(details.specificContent[0]!.value.length, 256_000);
      assert.ok(
        parseQueueItemToWebview({
          type: 'show',
          identity: { connectionId: 'c', folderId: 1, itemId: 41 },
          item: details,
          events: [],
          canDelete: true,
          readOnly: false,
        }).ok,
      );
    });

    // What the service accepts, the panel shows: SpecificContent is 256,000 characters of JSON text (spec, Limits).
    const show = (details: ReturnType<typeof queueItemDetails>) => ({
      type: 'show',
      identity: { connectionId: 'c', folderId: 1, itemId: 41 },
      item: details,
      events: [],
      canDelete: false,
      readOnly: false,
    });

    it('carries a SpecificContent key as long as the 256,000-character limit allows', () => {
      const key = 'k'.repeat(256_000 - '{"":0}'.length);
      assert.equal(JSON.stringify({ [key]: 0 }).length, 256_000);
      const parsed = parseQueueItemToWebview(show(queueItemDetails({ ...item, SpecificContent: { [key]: 0 } }, {})));
      assert.ok(parsed.ok, problem(parsed));
    });

    it('carries as many SpecificContent entries as fit in 256,000 characters (and 1,001-character keys)', () => {
      // The shortest entries with distinct keys: `"<n>":0,`. As many as fit in the limit.
      const content: Record<string, number> = {};
      for (let n = 0, length = 2; length + n.toString(36).length + 5 <= 256_000; n++) {
        content[n.toString(36)] = 0;
        length += n.toString(36).length + 5;
      }
      assert.ok(JSON.stringify(content).length <= 256_000);
      assert.ok(Object.keys(content).length > 10_001, `${Object.keys(content).length}`);
      const parsed = parseQueueItemToWebview(
        show(queueItemDetails({ ...item, SpecificContent: content, Output: content }, {})),
      );
      assert.ok(parsed.ok, problem(parsed));
      const longKeys = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`${i}`.padEnd(1_001, 'k'), 'v']));
      assert.ok(parseQueueItemToWebview(show(queueItemDetails({ ...item, SpecificContent: longKeys }, {}))).ok);
    });

    it('carries idea forms beyond the old bounds: 5,000 fields, 10,000-character labels, 100,000-character help', () => {
      const fields = Array.from({ length: 5_000 }, (_, i) => ({
        key: `f${i}`,
        label: 'L'.repeat(10_000),
        type: 'text',
        required: false,
        helpText: i === 0 ? 'h'.repeat(100_000) : 'help',
      }));
      const values = Object.fromEntries(fields.map((f) => [f.key, 'v']));
      const form = {
        type: 'form',
        identity: { connectionId: 'c' },
        title: 'T'.repeat(10_000),
        fields,
        lookups: {},
        values,
        draftRestored: false,
        readOnly: false,
      };
      const parsed = parseIdeaFormToWebview(form);
      assert.ok(parsed.ok, problem(parsed));
      assert.ok(
        parseIdeaFormFromWebview({ type: 'draft', values }).ok,
        'the page can send back a draft of every field',
      );
      assert.equal(
        parseIdeaFormToWebview({ ...form, fields: [...fields, { ...fields[0]!, key: 'one more' }] }).ok,
        false,
        'still bounded',
      );
    });

    it('the webview drops host messages of the wrong shape too', () => {
      assert.equal(
        parseQueueItemToWebview({ type: 'show', identity: { connectionId: 'c', folderId: 1, itemId: 41 } }).ok,
        false,
      );
      assert.equal(parseQueueItemToWebview({ type: 'html', html: '<b>' }).ok, false);
      assert.equal(
        parseIdeaFormToWebview({ type: 'reply', id: 1, ok: true, fieldErrors: [{ field: 'name' }] }).ok,
        false,
      );
      assert.ok(
        parseIdeaFormToWebview({
          type: 'submitted',
          idea: { id: 3, name: 'n', phase: 'Idea', status: 'Awaiting Review' },
          created: true,
        }).ok,
      );
    });
  });
});
