// Issue 31 item 2, Recent Runs under a process without an editor (vscode stubbed): one Jobs request per expand and
// per Refresh, the runs as rows opening the job panel, the figures in the description and tooltip, the empty state,
// the error row with Retry, and service text kept plain.
import assert from 'node:assert/strict';
import type { Page } from '../../../src/core/odata/envelope';
import { buildQuery, type ODataQuery } from '../../../src/core/odata/query';
import type { Job } from '../../../src/core/orchestrator/schemas';
import { makeRow } from '../../../src/core/rows/rows';
import { ProcessNode } from '../../../src/host/views/explorer/processNode';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { CommandId } from '../../../src/constants';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { fakeExplorerHost, testConnection } from '../../support/explorerHost';
import { aJob, aRelease } from '../../support/entities';
import { HOSTILE_TEXTS, markupIn } from '../../fixtures/hostileTexts';

const NOW = Date.parse('2026-11-27T02:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const page = <T>(items: T[]): Page<T> => ({ items, skipped: [] });
const label = (node: TreeNode) => String(node.item().label);
const iconOf = (node: TreeNode) => {
  const icon = node.item().iconPath;
  return icon && typeof icon === 'object' && 'id' in icon ? icon.id : undefined;
};
const tooltipOf = (node: TreeNode) => {
  const tooltip = node.item().tooltip;
  return tooltip && typeof tooltip !== 'string' ? tooltip.value : String(tooltip);
};

function processRow(list: (options: { query: ODataQuery }) => Promise<Page<Job>>, name = 'Invoice.Processing_Prod') {
  const { calls, client } = fakeOrchestratorClient({ 'jobs.list': list });
  const host = fakeExplorerHost({ clientFor: () => client, now: () => NOW });
  const row = makeRow({
    kind: 'process',
    connection: testConnection(),
    folder: { id: 4 },
    release: aRelease({ Name: name }),
  });
  const process = new ProcessNode(host, 'conn/x/folder/4/processes', row);
  const recentRuns = async () => (await process.children())[0]!;
  return { calls, process, recentRuns };
}

describe('Recent Runs under a process (host logic, no editor)', () => {
  it('reads the last runs with one Jobs request, shows them newest first and opens each in the job panel', async () => {
    const queries: string[] = [];
    const runs = [
      aJob({
        Id: 3,
        Key: 'k3',
        State: 'Running',
        Source: 'Manual',
        CreationTime: minutesAgo(2),
        StartTime: minutesAgo(2),
        EndTime: null,
      }),
      aJob({
        Id: 2,
        Key: 'k2',
        State: 'Faulted',
        Source: 'Nightly',
        StartTime: minutesAgo(30),
        EndTime: minutesAgo(29),
      }),
      aJob({
        Id: 1,
        Key: 'k1',
        State: 'Successful',
        Source: 'Nightly',
        StartTime: minutesAgo(90),
        EndTime: minutesAgo(87),
      }),
    ];
    const { calls, process, recentRuns } = processRow(async ({ query }) => {
      queries.push(decodeURIComponent(buildQuery(query)));
      return page(runs);
    });
    assert.equal(process.item().collapsibleState, 1, 'a process row opens');
    const node = await recentRuns();
    assert.deepEqual(calls, [], 'expanding the process reads nothing');
    assert.equal(label(node), 'Recent Runs');
    assert.equal(node.item().description, undefined, 'no figures before the read');
    const rows = await node.children!();
    assert.deepEqual(calls, ['jobs.list'], 'one Jobs request');
    assert.match(queries[0]!, /\$filter=ReleaseName eq 'Invoice\.Processing_Prod'/);
    assert.match(queries[0]!, /\$top=50/);
    assert.match(queries[0]!, /\$orderby=CreationTime desc/);
    assert.deepEqual(
      rows.map((r) => r.item().description),
      ['Running · 2 min · Manual · #3', 'Faulted · 1 min · Nightly · #2', 'Successful · 3 min · Nightly · #1'],
    );
    assert.match(label(rows[0]!), /\(2 min ago\)$/, 'local time and how long ago');
    assert.deepEqual(rows.map(iconOf), ['sync~spin', 'error', 'pass']);
    const opens = rows[1]!.item().command!;
    assert.equal(opens.command, CommandId.showJob);
    assert.equal(opens.arguments?.[0], rows[1]!.row);
    assert.equal(rows[1]!.row?.kind === 'job' && rows[1]!.row.job.Key, 'k2');
    assert.equal(node.item().description, '50 % successful · median 2 min');
    assert.match(tooltipOf(node), /3 runs read/);
    assert.match(tooltipOf(node), /95th percentile 3 min/);
    // Kept: expanding again reads nothing; Refresh (of the process or its folder) reads once more.
    await node.children!();
    assert.deepEqual(calls, ['jobs.list']);
    process.reset();
    await node.children!();
    assert.deepEqual(calls, ['jobs.list', 'jobs.list'], 'one request per Refresh');
  });

  it('says so when the process never ran', async () => {
    const { recentRuns } = processRow(async () => page([]));
    const node = await recentRuns();
    assert.deepEqual((await node.children!()).map(label), ['No runs yet']);
    assert.equal(node.item().description, 'no runs');
  });

  it('shows a failed read as an error row whose Retry reads again', async () => {
    let fail = true;
    const { calls, recentRuns } = processRow(async () => {
      if (fail) throw new Error('connection refused');
      return page([aJob({ State: 'Successful' })]);
    });
    const node = await recentRuns();
    const [error] = await node.children!();
    assert.match(label(error!), /connection refused.*Retry/s);
    assert.equal(error!.item().command?.command, CommandId.treeRetry);
    assert.equal(error!.item().command?.arguments?.[0], node);
    fail = false;
    node.reset!();
    assert.equal((await node.children!()).length, 1);
    assert.deepEqual(calls, ['jobs.list', 'jobs.list']);
  });

  it('keeps service text plain in the rows', async () => {
    const hostile = HOSTILE_TEXTS.map((text, i) => aJob({ Id: i + 1, Key: `k${i}`, State: text, Source: text }));
    const { recentRuns } = processRow(async () => page(hostile), HOSTILE_TEXTS[0]);
    const node = await recentRuns();
    for (const row of await node.children!()) {
      const item = row.item();
      assert.deepEqual(markupIn(String(item.label), 'plain'), []);
      assert.deepEqual(markupIn(String(item.description), 'plain'), []);
      const tooltip = tooltipOf(row);
      assert.deepEqual(
        markupIn(tooltip, 'markdown').filter((found) => found !== 'line break'),
        [],
        tooltip,
      );
    }
  });
});
