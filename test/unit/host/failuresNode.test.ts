// Issue 31 item 3, the Failures row without an editor (vscode stubbed): its empty state, its error row with Retry,
// service text kept plain, a group's jobs opening the job panel, and the period switch reading since 7 days back.
import assert from 'node:assert/strict';
import type { Page } from '../../../src/core/odata/envelope';
import { buildQuery, type ODataQuery } from '../../../src/core/odata/query';
import type { Job } from '../../../src/core/orchestrator/schemas';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { FailuresNode } from '../../../src/host/views/explorer/failuresNode';
import { CommandId } from '../../../src/constants';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost, testConnection } from '../../support/explorerHost';
import { aJob } from '../../support/entities';
import { HOSTILE_TEXTS, markupIn } from '../../fixtures/hostileTexts';

const NOW = Date.parse('2026-11-27T02:00:00.000Z');
const page = <T>(items: T[]): Page<T> => ({ items, skipped: [] });
const label = (node: TreeNode) => String(node.item().label);
/** What a renderer could make of a row's label, description and tooltip: nothing, for service text. */
const markupOf = (node: TreeNode) => {
  const item = node.item();
  const tooltip = item.tooltip;
  return [
    ...markupIn(String(item.label), 'plain'),
    ...markupIn(String(item.description ?? ''), 'plain'),
    // The tooltip's own paragraphs are line breaks; a link, HTML or icon from service text is not.
    ...(tooltip && typeof tooltip !== 'string'
      ? markupIn(tooltip.value, 'markdown').filter((found) => found !== 'line break')
      : []),
  ];
};

function failures(list: (options: { query: ODataQuery; signal?: AbortSignal }) => Promise<Page<Job>>) {
  const { calls, client } = fakeOrchestratorClient({ 'jobs.list': list });
  const changed: string[] = [];
  const host = fakeExplorerHost({
    clientFor: () => client,
    now: () => NOW,
    changed: (node) => void changed.push(node?.id ?? '<root>'),
  });
  return { calls, changed, node: new FailuresNode(host, testConnection(), 'conn/x/failures') };
}

describe('the Failures row (host logic, no editor)', () => {
  it('says so when nothing failed, after one Jobs request', async () => {
    const { calls, node } = failures(async () => page([]));
    const rows = await node.children();
    assert.deepEqual(calls, ['jobs.list']);
    assert.deepEqual(rows.map(label), [
      'Showing the last 24 hours · switch to the last 7 days',
      'No failed jobs in the last 24 hours',
    ]);
    assert.equal(rows[0]!.item().command?.command, CommandId.failuresPeriod);
    assert.equal(node.item().description, '0 in the last 24 hours');
  });

  it('shows a failed read as an error row whose Retry reloads the row', async () => {
    const { node } = failures(async () => Promise.reject(new Error('connection refused')));
    const rows = await node.children();
    const error = rows.at(-1)!.item();
    assert.match(String(error.label), /Retry/);
    assert.equal(error.command?.command, CommandId.treeRetry);
    assert.equal(error.command?.arguments?.[0], node);
  });

  it('keeps service text plain, groups by message, and a job opens the job panel in its folder', async () => {
    const hostile = HOSTILE_TEXTS.map((text, i) =>
      aJob({
        Id: i + 1,
        State: 'Faulted',
        ReleaseName: text,
        Info: text,
        EndTime: new Date(NOW - (i + 1) * 60_000).toISOString(),
        OrganizationUnitId: 4,
      }),
    );
    const { node } = failures(async () => page(hostile));
    const processes = (await node.children()).filter((row) => row.id.includes('/process/'));
    assert.ok(processes.length > 0);
    for (const process of processes) {
      assert.deepEqual(markupOf(process), [], label(process));
      for (const group of (await process.children?.()) ?? []) {
        assert.deepEqual(markupOf(group), [], label(group));
        for (const job of (await group.children?.()) ?? []) {
          const command = job.item().command;
          assert.equal(command?.command, CommandId.showJob);
          const row = command?.arguments?.[0];
          assert.equal(row?.kind, 'job');
          assert.deepEqual(row?.folder, { id: 4 });
        }
      }
    }
  });

  it('switches to 7 days: redraws the row and reads jobs ended since a week back', async () => {
    const asked: string[] = [];
    const { node, changed } = failures(
      async ({ query }) => (asked.push(decodeURIComponent(buildQuery(query))), page([])),
    );
    await node.children();
    assert.equal(node.switchPeriod(), 'week');
    assert.deepEqual(changed.slice(-1), [node.id]);
    const rows = await node.children();
    assert.equal(label(rows.at(-1)!), 'No failed jobs in the last 7 days');
    assert.match(asked[0]!, /EndTime gt 2026-11-26T02:00:00\.000Z/);
    assert.match(asked[1]!, /EndTime gt 2026-11-20T02:00:00\.000Z/);
  });

  it('joins a read in flight, and a refresh during it aborts it and reads once more', async () => {
    // Each Jobs request waits until the test answers it; the first page is full, so a read goes on to a second.
    const waiting: { signal?: AbortSignal; answer: (jobs: Job[]) => void }[] = [];
    const full = Array.from({ length: 100 }, (_, i) =>
      aJob({ Id: i + 1, State: 'Faulted', EndTime: new Date(NOW - i * 1000).toISOString(), OrganizationUnitId: 4 }),
    );
    const { calls, node } = failures(
      ({ signal }: { signal?: AbortSignal }) =>
        new Promise((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          waiting.push({ signal, answer: (jobs) => resolve(page(jobs)) });
        }),
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    const first = node.children();
    const second = node.children();
    await settle();
    assert.equal(calls.length, 1, 'two expands, one read');
    node.reset();
    const afterRefresh = node.children();
    await settle();
    assert.equal(waiting[0]!.signal?.aborted, true, 'the superseded read is aborted');
    waiting[1]!.answer(full);
    await settle();
    waiting[2]!.answer([]);
    const rows = await Promise.all([first, second, afterRefresh]);
    // The aborted first page, then the new read's two pages: nothing more.
    assert.deepEqual(calls, ['jobs.list', 'jobs.list', 'jobs.list']);
    assert.equal(rows[0], rows[2]);
    assert.equal(node.item().description, '100 in the last 24 hours');
  });
});
