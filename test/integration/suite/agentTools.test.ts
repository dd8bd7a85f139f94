// Issue 33 item 1–3: the language-model tools, called as the chat calls them (`vscode.lm.invokeTool`), against the
// sandbox: results for known data, request counts per call, inputs refused before anything is sent, a change refused
// on a read-only connection with 0 requests and confirmed by the user outside the chat, service text only as data.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DATA_NOTICE } from '../../../src/core/agents/resultText';
import { prepareTool } from '../../../src/host/agents/toolRunner';
import { ToolName } from '../../../src/host/agents/toolNames';
import { answering } from '../../../src/host/ui/scriptedInput';
import { SEEDED_DAY_FAILURES } from '../../fixtures/seededFailures';
import { RECONCILE_INPUTS } from './processInputs';
import { resetTally, rowOf, treeWalk } from './treeWalk';
import { call, changesOf, refusal, requests, toolSuite, total, whileReadOnly } from './agentToolCalls';

const FOLDER = 'Dev Lab';
const PROCESS = 'Reconcile.Processing_Production';

describe('Language-model tools on the sandbox', () => {
  const suite = toolSuite();
  const { child, children } = treeWalk(() => suite.ctx.explorer);

  it('are registered as the manifest declares them', () => {
    const ours = vscode.lm.tools.filter((tool) => tool.name.startsWith('orchestrator_')).map((tool) => tool.name);
    assert.deepEqual(ours.sort(), Object.values(ToolName).sort());
  });

  it('find folders: the connections and the folders whose path contains the text, in 1 request', async function () {
    this.timeout(30_000);
    const text = await call(ToolName.findFolders, { connection: 'sandbox', search: 'dev' });
    assert.match(text, /connection="Sandbox" signedIn=true changes=allowed/);
    assert.match(text, /path="Dev Lab" id=\d+/);
    assert.ok(text.includes(DATA_NOTICE));
    assert.equal(total(await requests()), 1, JSON.stringify(await requests()));
  });

  it('list jobs: newest first with keys and ISO times, in 2 requests; job details of one, in 3', async function () {
    this.timeout(30_000);
    const list = await call(ToolName.listJobs, { folder: FOLDER, top: 5 });
    assert.match(list, /^Jobs in folder "Dev Lab" of "Sandbox", newest first:/);
    const rows = list.split('\n').filter((line) => /^\d+\. key=/.test(line));
    assert.ok(rows.length >= 1 && rows.length <= 5, list);
    const created = rows.map((row) => /created=(\S+)/.exec(row)![1]!);
    assert.deepEqual([...created].sort().reverse(), created, 'newest first');
    assert.equal(total(await requests()), 2, JSON.stringify(await requests()));

    const key = /key=([0-9a-f-]{36})/.exec(rows[0]!)![1]!;
    await resetTally();
    const details = await call(ToolName.jobDetails, { folder: FOLDER, jobKey: key, logLines: 5, minLevel: 'Trace' });
    assert.match(details, new RegExp(`^Job ${key} in folder "Dev Lab" of "Sandbox"\\.`));
    assert.match(details, /\ninfo=(none|".*")\n/);
    assert.match(details, /inputArguments=/);
    assert.equal(total(await requests()), 3, JSON.stringify(await requests()));
  });

  it('failures: the seeded faults of the last 24 hours, grouped by process and message, in at most 2 requests', async function () {
    this.timeout(30_000);
    const text = await call(ToolName.failures, {});
    for (const [process, messages] of Object.entries(SEEDED_DAY_FAILURES))
      for (const [message, count] of Object.entries(messages))
        assert.ok(
          text.includes(`process=${JSON.stringify(process)} count=${count} `) && text.includes(JSON.stringify(message)),
          `${process}: ${message} ×${count} in\n${text}`,
        );
    assert.match(text, /newestJobKey=[0-9a-f-]{36} folderId=\d+/);
    const counted = await requests();
    assert.ok(total(counted) <= 2 && total(counted) >= 1, JSON.stringify(counted));
  });

  it('an input against the schema is answered with what is wrong, and nothing is sent', async function () {
    this.timeout(30_000);
    for (const [name, input, wrong] of [
      [ToolName.listJobs, { folder: FOLDER, top: 500 }, /top/],
      [ToolName.jobDetails, { folder: FOLDER, jobKey: "x' or 1 eq 1" }, /jobKey/],
      [ToolName.startJob, { folder: FOLDER }, /process/],
    ] as const) {
      const text = await refusal(name, input);
      assert.match(text, wrong, `${name}: ${text}`);
    }
    assert.equal(total(await requests()), 0, JSON.stringify(await requests()));
  });

  it('start job: a read-only connection refuses with 0 requests; the confirmation names process, folder and arguments', async function () {
    this.timeout(30_000);
    const input = { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS };
    const prepared = await prepareTool(suite.ctx, ToolName.startJob, input);
    assert.match(prepared?.confirmationMessages?.title ?? '', /"Reconcile\.Processing_Production".*"Dev Lab".*Sandbox/);
    assert.match(prepared?.confirmationMessages?.message ?? '', /in_CutOffDate = "Q4 close"\nin_InvoiceFolder = /);
    await whileReadOnly(suite.ctx, async () => {
      await resetTally();
      const { result, asked } = await answering(suite.ctx, [], () => call(ToolName.startJob, input));
      assert.match(result, /read-only/);
      assert.deepEqual(asked, [], 'nothing asked');
      assert.equal(total(await requests()), 0, JSON.stringify(await requests()));
      assert.equal((await prepareTool(suite.ctx, ToolName.startJob, input))?.confirmationMessages, undefined);
    });
  });

  it('start job outside the chat: asks the user; declined sends nothing; accepted starts exactly one job, shown in the tree', async function () {
    this.timeout(60_000);
    const input = { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS };
    const declined = await answering(suite.ctx, [{ title: /Start a job of "Reconcile/, cancel: true }], () =>
      call(ToolName.startJob, input),
    );
    assert.match(declined.result, /declined or cancelled/);
    assert.equal(total(await requests()), 0, 'declined before any request');

    const wrong = await answering(suite.ctx, [{ title: /Start a job/, choose: 'Start' }], () =>
      call(ToolName.startJob, { ...input, arguments: { ...RECONCILE_INPUTS, in_Nope: 1 } }),
    );
    assert.match(wrong.result, /Nothing was started or sent: in_Nope is not an input argument.*in_CutOffDate \(/);
    assert.equal(changesOf(await requests()).length, 0, 'a wrong argument starts nothing');

    await resetTally();
    const started = await answering(suite.ctx, [{ title: /Start a job/, choose: 'Start' }], () =>
      call(ToolName.startJob, input),
    );
    const key = /key=([0-9a-f-]{36})/.exec(started.result)?.[1];
    assert.ok(key, started.result);
    const counted = await requests();
    const changes = changesOf(counted);
    assert.equal(changes.length, 1, JSON.stringify(counted));
    assert.match(changes[0]![0], /^POST .*StartJobs/);
    assert.equal(changes[0]![1], 1, 'one StartJobs request, never repeated');
    // In the tree: the folder's Jobs row lists it.
    const jobs = await child(await child(await child(undefined, 'Sandbox'), FOLDER), 'Jobs');
    suite.ctx.explorer.refresh(jobs);
    assert.ok(
      (await children(jobs)).some((row) => row.row?.kind === 'job' && rowOf(row, 'job').job.Key === key),
      'the started job is a row under Jobs',
    );
    const list = await call(ToolName.listJobs, { folder: FOLDER, process: PROCESS, top: 1 });
    assert.match(list, new RegExp(`key=${key}`), 'the new job is the newest of the process');
  });
});
