// The log tail engine against the sandbox over real HTTP: a running job's whole log, and a service answering broken
// pages. The engine's own cases, from fake sources, are in tail.test.ts; the drain after the job ended in
// tailDrain.test.ts.
import assert from 'node:assert/strict';
import { requiredInputsFor } from '@orchestrator-workbench/sandbox/test-helpers';
import { eq } from '../../../src/core/odata/filter';
import { isTransientTailFailure, jobLogSource, tailLogs } from '../../../src/core/logs/tail';
import type { RobotLog } from '../../../src/core/orchestrator/schemas';
import { folderId, useCoreSandbox } from './fixtures';

describe('log tail engine on a sandbox job', () => {
  const fx = useCoreSandbox({ jobDurationMs: 1500, pickupDelayMs: 20, logIntervalMs: 10 });
  /** One job of Shared's invoice process (or its first process), started with its required inputs. */
  const startInvoiceJob = async () => {
    const client = await fx.client('admin');
    const folder = { id: await folderId(client, 'Shared') };
    const release =
      (await client.releases.list({ folder, query: { filter: eq('Name', 'Invoice.Processing_Production') } }))
        .items[0] ?? (await client.releases.list({ folder })).items[0]!;
    const input = requiredInputsFor(
      (await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`)).Input,
    );
    const [job] = await client.jobs.start(
      { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: JSON.stringify(input) },
      { folder },
    );
    return { client, folder, job: job! };
  };

  it('follows a running sandbox job and delivers exactly its full log: no gap, no duplicate, bursts included', async function () {
    this.timeout(30_000);
    const { client, folder, job } = await startInvoiceJob();
    const delivered: RobotLog[] = [];
    let finished = false;
    const source = jobLogSource(client, folder, job!.Key);
    const counted: (number | undefined)[] = [];
    const count = source.count!;
    source.count = async (filter, signal) => {
      counted.push(await count(filter, signal));
      return counted.at(-1);
    };
    for await (const event of tailLogs(source, {
      jobKey: job!.Key,
      pageSize: 20,
      minIntervalMs: 30,
      maxIntervalMs: 120,
      overlapMs: 50,
    })) {
      if (event.kind === 'lines') delivered.push(...event.lines);
      else finished = true;
    }
    assert.ok(finished);
    const full: RobotLog[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = await client.robots.logs({ folder, query: { filter: eq('JobKey', job!.Key), top: 1000, skip } });
      full.push(...page.items);
      if (page.items.length < 1000) break;
    }
    assert.ok(full.length > 100, `${full.length} lines`);
    assert.deepEqual(
      delivered.map((l) => l.Id),
      full.map((l) => l.Id),
    );
    const stamps = full.map((l) => l.TimeStamp);
    assert.ok(stamps.length - new Set(stamps).size > 10, 'the log had equal-timestamp bursts');
    assert.equal((await client.jobs.get(job!.Key, { folder })).State, 'Successful');
    assert.deepEqual(counted, [full.length], "the drain checked the service's count once, over real HTTP");
  });

  it('rides out a sandbox that answers malformed and truncated log pages: every line once, in order', async function () {
    this.timeout(30_000);
    const { client, folder, job } = await startInvoiceJob();
    await fx.faults([
      { path: '*/odata/RobotLogs*', malformed: true, probability: 0.25 },
      { path: '*/odata/RobotLogs*', truncate: true, probability: 0.25 },
    ]);
    const delivered: RobotLog[] = [];
    let troubles = 0;
    for await (const event of tailLogs(jobLogSource(client, folder, job!.Key), {
      jobKey: job!.Key,
      pageSize: 20,
      minIntervalMs: 20,
      maxIntervalMs: 80,
      overlapMs: 50,
      isTransient: isTransientTailFailure,
    })) {
      if (event.kind === 'lines') delivered.push(...event.lines);
      if (event.kind === 'trouble') troubles++;
    }
    await fx.faults([]);
    const full: RobotLog[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = await client.robots.logs({ folder, query: { filter: eq('JobKey', job!.Key), top: 1000, skip } });
      full.push(...page.items);
      if (page.items.length < 1000) break;
    }
    assert.ok(troubles > 0, 'some pages were broken');
    assert.deepEqual(
      delivered.map((l) => l.Id),
      full.map((l) => l.Id),
      `${delivered.length} delivered of ${full.length}`,
    );
  });
});
