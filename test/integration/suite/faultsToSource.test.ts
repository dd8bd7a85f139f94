// Faults to source in the real editor (issue 31 item 4): jobs of the sample project's process, started in the sandbox
// and made to fault through their input (sandbox/README.md, "The sample project"), put problems on the files and lines
// of the workspace's copy of the sample; a later successful run clears them; what cannot be mapped, or would point
// outside the project, is no problem at all. Request counts come from the sandbox's own tally.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { eq } from '../../../src/core/odata/filter';
import type { Job, Release } from '../../../src/core/orchestrator/schemas';
import type { FaultOutcome } from '../../../src/host/faults/faultProblems';
import type { FaultReading } from '../../../src/host/faults/faultReading';
import { mainServicePath } from './sandboxPaths';
import { activateSignedIn, jobsEnded } from './treeWalk';

const FOLDER = 'Zurich Operations/Accounts Payable';
const PROCESS = 'Invoice.Processing_Production';
const OTHER_PROCESS = 'Invoice.Dispatcher_Production';

const tally = async (): Promise<Record<string, number>> =>
  (
    (await (await fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/requests`)).json()) as {
      counts: Record<string, number>;
    }
  ).counts;
const resetTally = () => fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/requests`, { method: 'DELETE' });

describe('Faults to source: faulted jobs put problems on the workspace project', () => {
  let ctx: Ctx;
  let folder: { id: number };
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const client = () => ctx.clientFor(sandbox());
  const workspace = () => vscode.workspace.workspaceFolders![0]!.uri;
  const project = () => vscode.Uri.joinPath(workspace(), 'Invoice.Processing');
  const file = (...path: string[]) => vscode.Uri.joinPath(project(), ...path);
  /** Our problems, by file relative to the workspace folder: `path:line message`, sorted. */
  const problems = () =>
    vscode.languages
      .getDiagnostics()
      .flatMap(([uri, diagnostics]) =>
        diagnostics
          .filter((d) => d.source?.startsWith('Invoice.'))
          .map((d) => `${vscode.workspace.asRelativePath(uri)}:${d.range.start.line + 1} ${d.message}`),
      )
      .sort();

  /** The two processes, read once before the tally starts. */
  const releases = new Map<string, Release>();
  /** A value for each required input of a process's package (the sandbox refuses a start without them). */
  const requiredInputs = async (release: Release) => {
    const declared = await client().packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`, {
      folder,
    });
    const inputs = JSON.parse(declared.Input ?? '[]') as { name: string; type: string; required?: boolean }[];
    return Object.fromEntries(
      inputs.filter((a) => a.required).map((a) => [a.name, /Int|Double|Decimal/.test(a.type) ? 1 : 'value']),
    );
  };
  /** Starts a job with these inputs, watched as Start Job watches it, and settles with its reading. */
  const run = async (
    process: string,
    inputs: Record<string, unknown>,
  ): Promise<{ job: Job; outcome: Promise<FaultOutcome | 'no reading'> }> => {
    const release = releases.get(process)!;
    const [job] = await client().jobs.start(
      { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: JSON.stringify(inputs) },
      { folder },
    );
    assert.ok(job);
    const faultProblems = await ctx.faultProblems();
    const outcome = new Promise<FaultOutcome | 'no reading'>((resolve) => {
      const read = faultProblems.onDidRead((o) => {
        if (('reading' in o ? o.reading.job.Key : o.jobKey) === job.Key) {
          read.dispose();
          ended.dispose();
          resolve(o);
        }
      });
      // A job that does not fault is never read: it settles when the watcher says it ended.
      const ended = ctx.jobs.onDidEnd((w) => {
        if (w.job.Key === job.Key && w.job.State !== 'Faulted') {
          read.dispose();
          ended.dispose();
          resolve('no reading');
        }
      });
    });
    ctx.jobs.watch(sandbox(), folder, job);
    return { job, outcome };
  };
  const readingOf = async (
    started: Promise<{ outcome: Promise<FaultOutcome | 'no reading'> }>,
  ): Promise<FaultReading> => {
    const outcome = await (await started).outcome;
    assert.ok(outcome !== 'no reading' && 'reading' in outcome, JSON.stringify(outcome));
    return outcome.reading;
  };

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    const { items } = await client().folders.list({ query: { filter: eq('FullyQualifiedName', FOLDER) } });
    assert.equal(items.length, 1, FOLDER);
    folder = { id: items[0]!.Id };
    for (const name of [PROCESS, OTHER_PROCESS]) {
      const found = await client().releases.list({ folder, query: { filter: eq('Name', name) } });
      assert.equal(found.items.length, 1, name);
      releases.set(name, found.items[0]!);
    }
    // A file outside the project, and a link to it inside: listed, yet never a place.
    writeFileSync(join(workspace().fsPath, 'Outside.xaml'), '<Activity DisplayName="Read Invoice" />\n');
    mkdirSync(join(project().fsPath, 'Links'), { recursive: true });
    symlinkSync(join(workspace().fsPath, 'Outside.xaml'), join(project().fsPath, 'Links', 'Linked.xaml'));
  });
  // A failed test leaves no problems for the next.
  afterEach(async () => (await ctx.faultProblems()).clear());
  after(async function () {
    this.timeout(60_000);
    await jobsEnded(ctx);
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('faults of the sample land on their files and lines; hostile and unknown paths on none; a success clears them', async function () {
    this.timeout(120_000);
    await resetTally();
    // Three faults at once: in Process Invoice.xaml, in the coded ReadInvoice.cs, and one whose text names a link out
    // of the project, a path up and out of it, and a file that is nowhere.
    const readings = await Promise.all([
      readingOf(run(PROCESS, { in_InvoiceNumber: 'INV-20431', in_InvoiceTotal: 0 })),
      readingOf(run(PROCESS, { in_InvoiceNumber: 'INV 12' })),
      readingOf(run(PROCESS, { in_InvoiceNumber: "Links/Linked.xaml' '../Outside.xaml' 'Nowhere.xaml" })),
    ]);
    const readInvoice = "Invoice number 'INV 12' is not of the form INV-<digits>";
    const hostile =
      "Invoice number 'Links/Linked.xaml' '../Outside.xaml' 'Nowhere.xaml' is not of the form INV-<digits>";
    assert.deepEqual(
      problems(),
      [
        `Invoice.Processing/Main.xaml:14 ${hostile}`,
        `Invoice.Processing/Main.xaml:14 ${readInvoice}`,
        'Invoice.Processing/Process Invoice.xaml:10 Invoice total is missing for INV-20431',
        `Invoice.Processing/Workflows/ReadInvoice.cs:25 ${hostile}`,
        `Invoice.Processing/Workflows/ReadInvoice.cs:25 ${readInvoice}`,
        `Invoice.Processing/Workflows/ReadInvoice.cs:42 ${hostile}`,
        `Invoice.Processing/Workflows/ReadInvoice.cs:42 ${readInvoice}`,
      ].sort(),
    );
    for (const uri of [file('Links', 'Linked.xaml'), vscode.Uri.joinPath(workspace(), 'Outside.xaml')])
      assert.deepEqual(vscode.languages.getDiagnostics(uri), [], uri.toString());

    // Requests: the process's package id once for the three, one page of error lines each, no second Jobs(<key>)
    // (counted before Show Job: the job panel reads the log itself).
    const counts = await tally();
    const service = mainServicePath();
    assert.equal(counts[`GET ${service}/odata/Releases`] ?? 0, 1, JSON.stringify(counts));
    assert.equal(counts[`GET ${service}/odata/RobotLogs`] ?? 0, 3, JSON.stringify(counts));
    assert.deepEqual(
      readings.map((r) => r.requests.logs + r.requests.jobs),
      [1, 1, 1],
    );

    // Each problem names its job and offers Show Job; severity Error, the process as source.
    const [thrown] = vscode.languages.getDiagnostics(file('Process Invoice.xaml'));
    assert.equal(thrown?.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(thrown?.source, PROCESS);
    assert.match(
      thrown?.relatedInformation?.[0]?.message ?? '',
      new RegExp(`^Job ${readings[0]!.job.Key} of ${PROCESS}`),
    );
    const document = await vscode.workspace.openTextDocument(file('Process Invoice.xaml'));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      thrown!.range,
    );
    const show = actions.find((a) => a.title === 'Show Job');
    assert.ok(show?.command, actions.map((a) => a.title).join(', '));
    await vscode.commands.executeCommand(show.command.command, ...(show.command.arguments ?? []));
    const identity = { connectionId: sandbox().id, folderId: folder.id, jobKey: readings[0]!.job.Key };
    assert.ok(ctx.panels.jobPanel(identity), 'Show Job opened the job panel of the faulted job');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    // A later successful run of the process clears its problems.
    const success = await run(PROCESS, { in_InvoiceNumber: 'INV-20432', in_InvoiceTotal: 10 });
    assert.equal(await success.outcome, 'no reading');
    assert.deepEqual(problems(), []);
  });

  it('a fault of a process whose project is not in the workspace is no problem, read with one request', async function () {
    this.timeout(60_000);
    const inputs = await requiredInputs(releases.get(OTHER_PROCESS)!);
    const reading = await readingOf(run(OTHER_PROCESS, { ...inputs, SandboxOutcome: 'Faulted' }));
    assert.equal(reading.places.length, 0);
    assert.deepEqual(reading.requests, { jobs: 0, releases: 1, logs: 0 });
    assert.deepEqual(problems(), []);
  });

  it('Clear Job Problems clears them', async function () {
    this.timeout(60_000);
    await readingOf(run(PROCESS, { in_InvoiceNumber: 'INV-1', in_InvoiceTotal: -1 }));
    assert.deepEqual(problems(), ['Invoice.Processing/Process Invoice.xaml:10 Invoice total is missing for INV-1']);
    assert.equal(await vscode.commands.executeCommand('orchestrator.clearJobProblems'), 1);
    assert.deepEqual(problems(), []);
  });
});
