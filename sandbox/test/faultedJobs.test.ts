import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/index';
import { Api, folderIds, NS, odata, useSandbox, waitFor } from './helpers';

const SAMPLE = join(__dirname, '..', 'samples', 'Invoice.Processing');
const HOUR = 3_600_000;

interface JobRow {
  Id: number;
  Key: string;
  State: string;
  Source: string;
  Info: string | null;
  ReleaseName: string;
  CreationTime: string;
  StartTime: string;
  EndTime: string;
  OrganizationUnitId: number;
  OrganizationUnitFullyQualifiedName: string;
}

/** The line (from 1) of the element of a .xaml whose DisplayName, XML-unescaped, is `name`; 0 when none is. */
function displayNameLine(xaml: string, name: string): number {
  const unescape = (text: string) =>
    text
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const lines = xaml.split('\n');
  return lines.findIndex((l) => [...l.matchAll(/DisplayName="([^"]*)"/g)].some((m) => unescape(m[1]!) === name)) + 1;
}

/** The sample's file a fault text names, read as the contract says (FORMAT31: inside the project only). */
function sampleFile(relative: string): string {
  const path = join(SAMPLE, ...relative.split(/[\\/]/));
  assert.ok(existsSync(path), `${relative} exists in the sample project`);
  return readFileSync(path, 'utf8');
}

describe('faulted jobs across folders, their run history and the sample project', () => {
  const sandbox = useSandbox({ jobDurationMs: 600, pickupDelayMs: 50, logIntervalMs: 40 });
  let api: Api;
  let folders: Record<string, number>;
  let jobs: JobRow[];
  const errorLines = async (job: JobRow) =>
    (
      await api.get(odata('RobotLogs', { $filter: `JobKey eq ${job.Key} and Level ge 'Error'` }), {
        folderId: job.OrganizationUnitId,
      })
    ).body.value as { Message: string; RawMessage: string }[];

  before(async () => {
    api = await Api.as(sandbox(), 'developer');
    folders = await folderIds(api);
    // Without a folder header: the jobs of every folder the user may use (README, Reads across folders).
    jobs = (await api.get(odata('Jobs', { $top: '1000' }))).body.value;
  });

  it('reads jobs across folders, each naming its folder', async () => {
    const operations = jobs.filter((j) => j.OrganizationUnitFullyQualifiedName?.startsWith('Zurich Operations/'));
    assert.deepEqual([...new Set(operations.map((j) => j.OrganizationUnitFullyQualifiedName))].sort(), [
      'Zurich Operations/Accounts Payable',
      'Zurich Operations/Logistics',
      'Zurich Operations/People',
    ]);
    for (const job of operations)
      assert.equal(job.OrganizationUnitId, folders[job.OrganizationUnitFullyQualifiedName.split('/')[1]!]);
    assert.ok(
      jobs.some((j) => j.OrganizationUnitFullyQualifiedName === 'Shared'),
      'and the older folders',
    );
  });

  it('holds a run history per process: successes and faults over 7 days, manual and scheduled, varied durations', () => {
    const now = Date.now();
    const byProcess = new Map<string, JobRow[]>();
    for (const job of jobs.filter((j) => j.OrganizationUnitFullyQualifiedName?.startsWith('Zurich Operations/')))
      byProcess.set(job.ReleaseName, [...(byProcess.get(job.ReleaseName) ?? []), job]);
    assert.equal(byProcess.size, 6);
    for (const [name, runs] of byProcess) {
      assert.ok(runs.length >= 28, `${name}: ${runs.length} runs`);
      assert.deepEqual([...new Set(runs.map((r) => r.State))].sort(), ['Faulted', 'Successful'], name);
      assert.deepEqual([...new Set(runs.map((r) => r.Source))].sort(), ['Manual', 'Schedule'], name);
      const durations = new Set(runs.map((r) => Date.parse(r.EndTime) - Date.parse(r.StartTime)));
      assert.ok(durations.size >= 10, `${name}: ${durations.size} distinct durations`);
      const ages = runs.map((r) => now - Date.parse(r.CreationTime));
      assert.ok(Math.max(...ages) > 6 * 24 * HOUR && Math.max(...ages) <= 8 * 24 * HOUR, `${name}: 7 days back`);
    }
    const recent = jobs.filter((j) => j.State === 'Faulted' && now - Date.parse(j.EndTime) < 24 * HOUR);
    assert.ok(
      new Set(recent.map((j) => j.OrganizationUnitId)).size >= 3,
      'faults of the last 24 h in 3 folders or more',
    );
    const sample = recent.filter((j) => j.ReleaseName === 'Invoice.Processing_Production');
    assert.ok(sample.length >= 2, `${sample.length} faults of the sample's package in the last 24 h`);
  });

  it('writes faults in the shapes real robots write, a few distinct ones with varying numbers', async () => {
    const faulted = jobs.filter(
      (j) => j.State === 'Faulted' && j.OrganizationUnitFullyQualifiedName?.startsWith('Zurich Operations/'),
    );
    const shape =
      /^(Invoke Workflow File: [^\n]+\.xaml has thrown an exception\n\n)?Message: (.+)\n\nSource: (.+)\n\nException Type: (\S+)\n\n/;
    const messages = new Set<string>();
    for (const job of faulted) {
      const info = job.Info!;
      const modern = shape.exec(info);
      assert.ok(modern || /^System\.Exception: [^\n]+$/.test(info), info);
      messages.add(modern ? modern[2]! : info);
    }
    const folded = new Set([...messages].map((m) => m.replace(/\d+/g, '#')));
    assert.ok(folded.size >= 6 && folded.size <= 10, `${folded.size} distinct exceptions once numbers are folded`);
    assert.ok(messages.size > folded.size, 'the same exception with varying numbers');
    const [withLines] = faulted.filter((j) => j.Info!.startsWith('Invoke Workflow File'));
    const [error] = await errorLines(withLines!);
    const raw = JSON.parse(error!.RawMessage);
    assert.equal(
      error!.Message,
      `${/Source: (.+)/.exec(withLines!.Info!)![1]}: ${raw.message.replace(/^[^:]+: /, '')}`,
    );
    assert.ok(!raw.fileName.endsWith('.xaml') && withLines!.Info!.includes(`${raw.fileName}.xaml`));
  });

  it('names only files and lines that exist in the sample project, for every fault of its package', async () => {
    const sampleJobs = jobs.filter((j) => j.State === 'Faulted' && j.ReleaseName === 'Invoice.Processing_Production');
    assert.ok(sampleJobs.length >= 5);
    const checked = new Set<string>();
    for (const job of sampleJobs) {
      const info = job.Info!;
      const source = /^Source: (.+)$/m.exec(info)?.[1];
      for (const [, file] of info.matchAll(/^Invoke Workflow File: (.+\.xaml) has thrown/gm)) {
        assert.ok(displayNameLine(sampleFile(file!), source!) > 0, `${source} in ${file}`);
        checked.add(`${file} ${source}`);
      }
      for (const [, path, line] of info.matchAll(/ in C:\\Builds\\Invoice\.Processing\\(.+\.cs):line (\d+)$/gm)) {
        const lines = sampleFile(path!).split('\n');
        assert.ok(Number(line) <= lines.length, `${path}:${line}`);
        assert.match(lines[Number(line) - 1]!, /throw |Check\(/, `${path}:${line} throws or calls what throws`);
        checked.add(`${path}:${line}`);
      }
      for (const error of await errorLines(job)) {
        const raw = JSON.parse(error.RawMessage);
        const activity = error.Message.slice(0, error.Message.indexOf(': '));
        assert.ok(displayNameLine(sampleFile(`${raw.fileName}.xaml`), activity) > 0, `${activity} in ${raw.fileName}`);
        checked.add(`${raw.fileName}.xaml ${activity}`);
      }
    }
    for (const location of [
      'Main.xaml Read Invoice',
      "Process Invoice.xaml Throw 'Total missing'",
      'Workflows\\ReadInvoice.cs:25',
      'Workflows\\ReadInvoice.cs:42',
    ])
      assert.ok(checked.has(location), `${location} checked (${[...checked].join(', ')})`);
    const project = JSON.parse(sampleFile('project.json'));
    assert.equal(project.name, 'Invoice.Processing');
    assert.equal(project.main, 'Main.xaml');
    assert.equal(sampleFile('Workflows/ReadInvoice.cs').split('\n')[41]!.trim().startsWith('throw '), true);
  });

  it('faults a started job of the sample package by its input, with the same texts', async () => {
    const folderId = folders['Accounts Payable']!;
    const release = (await api.get(odata('Releases', { $filter: `ProcessKey eq 'Invoice.Processing'` }), { folderId }))
      .body.value[0];
    const run = async (input: Record<string, unknown>) => {
      const started = await api.post(
        odata(`Jobs/${NS}.StartJobs`),
        { startInfo: { ReleaseKey: release.Key, InputArguments: JSON.stringify(input) } },
        { folderId },
      );
      assert.equal(started.status, 200, JSON.stringify(started.body));
      return waitFor(async () => {
        const job = (await api.get(odata(`Jobs(${started.body.value[0].Id})`), { folderId })).body;
        return ['Successful', 'Faulted'].includes(job.State) ? job : undefined;
      }, 'the job to finish');
    };
    const total = await run({ in_InvoiceNumber: 'INV-777', in_InvoiceTotal: 0 });
    assert.equal(total.State, 'Faulted');
    assert.match(
      total.Info,
      /^Invoke Workflow File: Process Invoice\.xaml has thrown an exception\n\nMessage: Invoice total is missing for INV-777\n\nSource: Throw 'Total missing'\n/,
    );
    const [error] = await errorLines(total);
    assert.equal(error!.Message, "Throw 'Total missing': Invoice total is missing for INV-777");
    assert.equal(JSON.parse(error!.RawMessage).fileName, 'Process Invoice');
    const coded = await run({ in_InvoiceNumber: 'INV 12' });
    assert.match(
      coded.Info,
      /ReadInvoice\.Check\(String invoiceNumber\) in C:\\Builds\\Invoice\.Processing\\Workflows\\ReadInvoice\.cs:line 42$/m,
    );
    assert.equal((await run({ in_InvoiceNumber: 'INV-12' })).State, 'Successful', 'the defaults succeed');
  });
});

describe('a state file from an older seed', () => {
  it('is replaced by the current seed, so the run history and the long log are there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-old-state-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify({ seed: 1, scale: 'small', tenants: [], ideas: {} }));
    const sandbox = await startSandbox({ stateFile: file });
    try {
      const folders = await folderIds(await Api.as(sandbox, 'developer'));
      assert.ok(folders['Accounts Payable'] && folders.Logistics && folders.People);
    } finally {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
