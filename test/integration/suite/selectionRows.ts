// What the multi-select suite does to reach its rows and count its requests: walks from the root, jobs started for
// a test, the requests one command sent.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { RECONCILE_INPUTS, sampleInputArguments, startJobAnswers, startJobFields } from './processInputs';
import { quiescent, rowOf, treeWalk } from './treeWalk';

/** The rows and counts of the Sandbox connection, for the context `ctxOf()` gives once the suite has started. */
export function selectionRows(ctxOf: () => Ctx) {
  const sandbox = () =>
    ctxOf()
      .connections.all()
      .find((c) => c.label === 'Sandbox')!;
  const { children, child } = treeWalk(() => ctxOf().explorer);
  const client = () => ctxOf().clientFor(sandbox());
  const transport = () => client().transport;
  /** The requests sent while `act` runs ("METHOD path"). */
  const sentDuring = async <T>(act: () => Promise<T>) => {
    await quiescent(() => transport().sent);
    const from = transport().sent;
    const result = await act();
    const count = transport().sent - from;
    return { result, requests: count === 0 ? [] : transport().recent.slice(-count) };
  };
  const folderRow = async (...path: string[]) => {
    let node = await child(undefined, 'Sandbox');
    for (const name of path) node = await child(node, name);
    return node;
  };
  /** A queue's status row, walked from the root each time (a reload rebuilds the rows under it). */
  const statusRows = async (folder: string[], queue: string, status: string) =>
    (await children(await child(await child(await child(await folderRow(...folder), 'Queues'), queue), status))).filter(
      (node) => node.row?.kind === 'queueItem',
    );

  /**
   * Starts `count` jobs of Dev Lab's Reconcile process: their keys and rows under Jobs. Through Start Job's own steps,
   * the jobs are then watched (read until they end); `unwatched` starts them through the API, so that the only reads
   * of them are the ones a test counts.
   */
  const startJobs = async (count: number, how: 'startJob' | 'unwatched' = 'startJob') => {
    const processRow = await child(await folderRow('Dev Lab', 'Processes'), 'Reconcile.Processing_Production');
    const { release, folder } = rowOf(processRow, 'process');
    const keys =
      how === 'startJob'
        ? (
            await answering(
              ctxOf(),
              startJobAnswers(await startJobFields(client(), release, folder), RECONCILE_INPUTS, {
                count: String(count),
              }),
              () => vscode.commands.executeCommand<string[]>('orchestrator.startJob', processRow),
            )
          ).result
        : (
            await client().jobs.start(
              {
                ReleaseKey: release.Key,
                Strategy: 'ModernJobsCount',
                NoOfRobots: count,
                InputArguments: await sampleInputArguments(client(), release, folder),
              },
              { folder },
            )
          ).map((job) => job.Key);
    assert.equal(keys?.length, count);
    if (how === 'unwatched') ctxOf().explorer.refreshJobsOf(sandbox().id, folder.id);
    const jobs = await children(await folderRow('Dev Lab', 'Jobs'));
    const started = keys.map((key) => jobs.find((node) => node.row?.kind === 'job' && node.row.job.Key === key)!);
    assert.ok(started.every(Boolean), `the ${count} started jobs are rows under Jobs`);
    return { folder, keys, jobs, started };
  };

  return { sentDuring, folderRow, statusRows, startJobs };
}
