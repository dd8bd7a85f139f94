// Issue 33 item 1–3: the language-model tools, called as the chat calls them (`vscode.lm.invokeTool`), against the
// sandbox: results for known data, request counts per call, inputs refused before anything is sent, a change refused
// on a read-only connection with 0 requests and confirmed by the user outside the chat, service text only as data.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { DATA_NOTICE } from '../../../src/core/agents/resultText';
import { prepareTool } from '../../../src/host/agents/toolRunner';
import { ToolName } from '../../../src/host/agents/toolNames';
import { answering } from '../../../src/host/ui/scriptedInput';
import { SEEDED_DAY_FAILURES } from '../../fixtures/seededFailures';
import { RECONCILE_INPUTS } from './processInputs';
import { toolSuite } from './agentToolCalls';
import {
  assertReadOnlyRefuses,
  assertRefused,
  callTool as call,
  changesOf,
  toolRequests as requests,
  totalOf as total,
  whileReadOnly,
} from './toolCalls';
import { resetTally, rowOf, treeWalk } from './treeWalk';

const FOLDER = 'Dev Lab';
const PROCESS = 'Reconcile.Processing_Production';

const writes = (counted: [string, number][]) => total(changesOf(counted));

describe('Language-model tools on the sandbox', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { child, children } = treeWalk(() => ctx.explorer);
  const folderId = async () =>
    (await ctx.clientFor(sandbox()).folders.list({ query: { top: 100 } })).items.find((f) => f.DisplayName === FOLDER)!
      .Id;

  // Signed in, auto-refresh off, a quiet connection and an empty tally before each test (agentToolCalls.ts).
  const suite = toolSuite();
  before(() => void (ctx = suite.ctx));

  it('are registered as the manifest declares them', () => {
    const ours = vscode.lm.tools.filter((tool) => tool.name.startsWith('orchestrator_')).map((tool) => tool.name);
    assert.deepEqual(ours.sort(), Object.values(ToolName).sort());
  });

  it('find folders: the connections and the folders whose path contains the text, in 1 request', async function () {
    this.timeout(30_000);
    const text = await call(ToolName.findFolders, { connection: 'sandbox', search: 'dev' });
    // The active connection is named: it is the one a call without a connection acts on.
    assert.match(text, /connection="Sandbox" signedIn=true changes=allowed active=true/);
    assert.equal(text.match(/ active=true/g)?.length, 1, text);
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
    await assertRefused([
      [ToolName.listJobs, { folder: FOLDER, top: 500 }, /top/],
      [ToolName.jobDetails, { folder: FOLDER, jobKey: "x' or 1 eq 1" }, /jobKey/],
      [ToolName.startJob, { folder: FOLDER }, /process/],
    ]);
    assert.equal(total(await requests()), 0, JSON.stringify(await requests()));
  });

  it('start job: a read-only connection refuses with 0 requests; the confirmation names process, folder and arguments', async function () {
    this.timeout(30_000);
    const input = { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS };
    // A connection the call cannot use is answered by the call, not by an error before it.
    const elsewhere = await prepareTool(ctx, ToolName.startJob, { ...input, connection: 'Nowhere' });
    assert.equal(elsewhere?.confirmationMessages, undefined);
    assert.equal(elsewhere?.invocationMessage, `Starting a job of ${PROCESS}`);
    const prepared = await prepareTool(ctx, ToolName.startJob, input);
    assert.match(prepared?.confirmationMessages?.title ?? '', /"Reconcile\.Processing_Production".*"Dev Lab".*Sandbox/);
    assert.match(prepared?.confirmationMessages?.message ?? '', /in_CutOffDate = "Q4 close"\nin_InvoiceFolder = /);
    await whileReadOnly(ctx, 'Sandbox', async () => {
      await assertReadOnlyRefuses(ctx, ToolName.startJob, input);
      assert.equal((await prepareTool(ctx, ToolName.startJob, input))?.confirmationMessages, undefined);
    });
  });

  it('start job outside the chat: asks the user; declined sends nothing; accepted starts exactly one job, shown in the tree', async function () {
    this.timeout(60_000);
    const input = { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS };
    const declined = await answering(ctx, [{ title: /Start a job of "Reconcile/, cancel: true }], () =>
      call(ToolName.startJob, input),
    );
    assert.match(declined.result, /declined or cancelled/);
    assert.equal(total(await requests()), 0, 'declined before any request');

    const wrong = await answering(ctx, [{ title: /Start a job/, choose: 'Start' }], () =>
      call(ToolName.startJob, { ...input, arguments: { ...RECONCILE_INPUTS, in_Nope: 1 } }),
    );
    assert.match(wrong.result, /Nothing was started or sent: in_Nope is not an input argument.*in_CutOffDate \(/);
    assert.equal(writes(await requests()), 0, 'a wrong argument starts nothing');

    await resetTally();
    const started = await answering(ctx, [{ title: /Start a job/, choose: 'Start' }], () =>
      call(ToolName.startJob, input),
    );
    const key = /key=([0-9a-f-]{36})/.exec(started.result)?.[1];
    assert.ok(key, started.result);
    const counted = await requests();
    const changes = counted.filter(([route]) => !route.startsWith('GET '));
    assert.equal(changes.length, 1, JSON.stringify(counted));
    assert.match(changes[0]![0], /^POST .*StartJobs/);
    assert.equal(changes[0]![1], 1, 'one StartJobs request, never repeated');
    // In the tree: the folder's Jobs row lists it.
    const jobs = await child(await child(await child(undefined, 'Sandbox'), FOLDER), 'Jobs');
    ctx.explorer.refresh(jobs);
    assert.ok(
      (await children(jobs)).some((row) => row.row?.kind === 'job' && rowOf(row, 'job').job.Key === key),
      'the started job is a row under Jobs',
    );
    const list = await call(ToolName.listJobs, { folder: FOLDER, process: PROCESS, top: 1 });
    assert.match(list, new RegExp(`key=${key}`), 'the new job is the newest of the process');
  });

  it("robots: a folder's robots with their sessions, in 3 requests", async function () {
    this.timeout(30_000);
    const text = await call(ToolName.robots, { folder: 'Shared' });
    assert.match(text, /^Robots of folder "Shared" on "Sandbox":/);
    assert.match(text, /robot="[^"]+" id=\d+ type="[^"]+" machine=.* session="Available"/);
    assert.equal(total(await requests()), 3, JSON.stringify(await requests()));
  });

  it("assets: names, types and values; a credential's user name only, never its password, in 2 requests", async function () {
    this.timeout(30_000);
    const text = await call(ToolName.assets, { folder: 'Shared', search: 'Portal' });
    assert.match(text, /asset="PortalUrl" type="Text" scope="Global" value="https:\/\/portal\.example\.test"/);
    assert.match(
      text,
      /asset="PortalLogin" type="Credential" scope="Global" value=username="svc-portal" password=never shown/,
    );
    assert.doesNotMatch(text, /S3cret/);
    assert.equal(total(await requests()), 2, JSON.stringify(await requests()));
  });

  it('stop job outside the chat: asks; stops a running job with one request; an ended job is said so, not stopped', async function () {
    this.timeout(60_000);
    const started = await answering(ctx, [{ title: /Start a job/, choose: 'Start' }], () =>
      call(ToolName.startJob, { folder: FOLDER, process: PROCESS, arguments: RECONCILE_INPUTS }),
    );
    const key = /key=([0-9a-f-]{36})/.exec(started.result)![1]!;
    await resetTally();
    const stopped = await answering(ctx, [{ title: new RegExp(`^Stop job ${key}`), choose: 'Stop' }], () =>
      call(ToolName.stopJob, { folder: FOLDER, jobKey: key }),
    );
    assert.match(stopped.result, new RegExp(`Stop sent for job ${key}`));
    const changes = (await requests()).filter(([route]) => !route.startsWith('GET '));
    assert.equal(changes.length, 1, JSON.stringify(changes));
    assert.match(changes[0]![0], /^POST .*StopJob/);
    assert.equal(changes[0]![1], 1);
    // Once it has ended, another stop is refused without a request that changes anything.
    for (let i = 0; i < 100; i++) {
      const job = await ctx.clientFor(sandbox()).jobs.get(key, { folder: { id: await folderId() } });
      if (job.State === 'Stopped') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await resetTally();
    const again = await answering(ctx, [{ title: /^Stop job/, choose: 'Stop' }], () =>
      call(ToolName.stopJob, { folder: FOLDER, jobKey: key }),
    );
    assert.match(again.result, /already finished/);
    assert.equal(writes(await requests()), 0);
  });
});
