// Faults to source without an editor (vscode stubbed, the sample project in a temporary workspace folder): a faulted
// job's read puts its problem on the project's file; a read still in flight when the extension is disposed is
// aborted and writes nothing to the Problems panel afterwards.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import type { Page } from '../../../src/core/odata/envelope';
import type { Release } from '../../../src/core/orchestrator/schemas';
import { FaultProblems, type FaultOutcome } from '../../../src/host/faults/faultProblems';
import { Logger } from '../../../src/host/log';
import { aLogOutputChannel } from '../../support/editorFakes';
import { fakeOrchestratorClient } from '../../support/fakeOrchestratorClient';
import { vscodeStub } from '../../support/vscodeStub';
import { aConnection, aJob, aRelease } from '../../support/entities';
import { CODED_FAULT } from '../core/faults/faultSamples';

const SAMPLE = join(__dirname, '..', '..', '..', 'sandbox', 'samples', 'Invoice.Processing');
const page = <T>(items: T[]): Page<T> => ({ items, skipped: [] });

/** What the diagnostic collection was given: each `set` call's entry count, and whether it came after dispose. */
interface Writes {
  sets: number[];
  afterDispose: number;
}

/** Puts the workspace (one folder holding the sample project) and a recording diagnostic collection in the stub. */
function stubWorkspace(folder: string, writes: Writes): () => void {
  const workspace: Record<string, unknown> = vscodeStub.workspace;
  const languages: Record<string, unknown> = vscodeStub.languages;
  const saved = { workspace: { ...workspace }, languages: { ...languages } };
  const folderUri = URI.file(folder);
  Object.assign(workspace, {
    findFiles: async () => [URI.file(join(folder, 'project.json'))],
    getWorkspaceFolder: () => ({ uri: folderUri, index: 0, name: 'sample' }),
    fs: {
      stat: async (uri: URI) => {
        const found = await stat(uri.fsPath);
        return { type: found.isDirectory() ? 2 : 1, size: found.size };
      },
      readFile: async (uri: URI) => new Uint8Array(await readFile(uri.fsPath)),
      readDirectory: async (uri: URI) =>
        (await readdir(uri.fsPath, { withFileTypes: true })).map((e) => [e.name, e.isDirectory() ? 2 : 1]),
    },
  });
  let disposed = false;
  Object.assign(languages, {
    createDiagnosticCollection: () => ({
      set: (entries: unknown[]) => {
        writes.sets.push(entries.length);
        if (disposed) writes.afterDispose++;
      },
      clear: () => undefined,
      forEach: () => undefined,
      dispose: () => void (disposed = true),
    }),
    registerCodeActionsProvider: () => ({ dispose: () => undefined }),
  });
  return () => {
    for (const key of Object.keys(workspace)) delete workspace[key];
    for (const key of Object.keys(languages)) delete languages[key];
    Object.assign(workspace, saved.workspace);
    Object.assign(languages, saved.languages);
  };
}

describe('faults to source (host logic, no editor)', () => {
  let folder: string;
  let restore: () => void;
  let writes: Writes;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'fault-problems-'));
    await cp(SAMPLE, folder, { recursive: true });
    writes = { sets: [], afterDispose: 0 };
    restore = stubWorkspace(folder, writes);
  });
  afterEach(async () => {
    restore();
    await rm(folder, { recursive: true, force: true });
  });

  /** The process's release read waits for `release()`; the error log read answers at once; both honour the signal. */
  function faultProblems() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const abortable =
      <T>(answer: () => Promise<T>) =>
      ({ signal }: { signal?: AbortSignal }) =>
        new Promise<T>((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          answer().then(resolve, reject);
        });
    const { calls, client } = fakeOrchestratorClient({
      'releases.list': abortable(async () => {
        await released;
        return page<Release>([aRelease({ Name: 'Invoice.Processing_Production', ProcessKey: 'Invoice.Processing' })]);
      }),
      'robots.logs': abortable(async () => page([])),
    });
    const { channel, written: logged } = aLogOutputChannel();
    const problems = new FaultProblems({ clientFor: () => client, log: new Logger(channel) });
    const job = aJob({
      Key: '0f3c2e5b-7d1a-4e8b-9c61-2f4a8e0d7b13',
      State: 'Faulted',
      ReleaseName: 'Invoice.Processing_Production',
      Info: CODED_FAULT,
    });
    problems.ended({ connection: aConnection(), folder: { id: 4 }, job });
    return { problems, calls, release, logged };
  }

  it('puts a faulted job of the workspace project on its file', async () => {
    const { problems, calls, release } = faultProblems();
    const outcome = new Promise<FaultOutcome>((resolve) => problems.onDidRead(resolve));
    release();
    const read = await outcome;
    assert.ok('reading' in read, JSON.stringify(read));
    assert.deepEqual(
      read.reading.places.map((p) => [p.location.relativePath, p.location.line]),
      [
        ['Workflows/ReadInvoice.cs', 42],
        ['Workflows/ReadInvoice.cs', 25],
      ],
    );
    assert.deepEqual(calls, ['releases.list', 'robots.logs']);
    assert.deepEqual(writes.sets, [1], 'one file');
    problems.dispose();
  });

  it('aborts a read in flight on dispose and writes nothing to the Problems panel after it', async () => {
    const { problems, calls, release, logged } = faultProblems();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(calls, ['releases.list'], 'the read is waiting for the release');
    problems.dispose();
    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(calls, ['releases.list'], 'no error log read after dispose');
    assert.deepEqual(writes.sets, []);
    assert.equal(writes.afterDispose, 0);
    assert.deepEqual(logged, [], 'a stopped read is not a failure to report');
  });
});
