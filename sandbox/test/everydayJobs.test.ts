import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/index';
import { admin, Api, DIALECTS, odata, requiredInputs, signInWithFolders, useSandbox } from './helpers';

/** Job calls other people's clients make every day, beyond the spec (README, Beyond the spec), in two dialects. */
for (const d of DIALECTS) {
  describe(`everyday job calls (${d.name})`, () => {
    const sandbox = useSandbox(d.options);
    let api: Api;
    let viewer: Api;
    let folders: Record<string, number>;
    let release: { Key: string; Name: string; ProcessKey: string; ProcessVersion: string };
    let inputs: Record<string, unknown>;
    const start = (startInfo: Record<string, unknown>, as = api) =>
      as.post(odata(`Jobs/${d.ns}.StartJobs`), { startInfo }, { folderId: folders.Shared });
    const job = async (key: string | number) =>
      (await api.get(odata(`Jobs(${key})`), { folderId: folders.Shared })).body;
    const advance = (seconds: number) => admin(sandbox(), 'clock', { advanceSeconds: seconds });

    before(async () => {
      ({ api, folders } = await signInWithFolders(sandbox(), 'developer'));
      viewer = await Api.as(sandbox(), 'viewer');
      release = (await api.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
      inputs = await requiredInputs(api, release, d.ns);
    });

    it('starts a job by startInfo.ReleaseName; a name that matches none is a 404, no name a 400', async () => {
      const byName = await start({ ReleaseName: release.Name.toUpperCase(), InputArguments: JSON.stringify(inputs) });
      assert.equal(byName.status, 200, JSON.stringify(byName.body));
      assert.equal(byName.body.value[0].ReleaseName, release.Name);
      assert.equal(byName.body.value[0].State, 'Pending');
      const unknown = await start({ ReleaseName: 'No Such Process' });
      assert.equal(unknown.status, 404);
      assert.match(unknown.body.message, /No process named 'No Such Process' in this folder/);
      const neither = await start({ Strategy: 'ModernJobsCount' });
      assert.equal(neither.status, 400);
      assert.match(neither.body.message, /ReleaseKey \(a GUID\) or ReleaseName/);
      assert.equal((await start({ ReleaseName: 42 })).status, 400, 'a name that is not text');
      assert.equal((await start({ ReleaseName: release.Name }, viewer)).status, 403, 'Jobs.Create');
    });

    it('answers OutputFile on every job, null unless the job produced a file', async () => {
      const listed = await api.get(odata('Jobs', { $select: 'Id,OutputFile', $filter: 'OutputFile eq null' }), {
        folderId: folders.Shared,
      });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.ok(listed.body.value.length > 0);
      for (const row of listed.body.value) assert.deepEqual(Object.keys(row).sort(), ['Id', 'OutputFile']);
      assert.equal(listed.body.value[0].OutputFile, null);
      const single = await job(listed.body.value[0].Id);
      assert.ok('OutputFile' in single && single.OutputFile === null, JSON.stringify(single));
    });

    it('restarts a finished job as a new job with the same process and input; refuses one still running', async () => {
      const finished = (
        await api.get(odata('Jobs', { $filter: "State eq 'Successful'", $top: '1' }), { folderId: folders.Shared })
      ).body.value[0];
      const original = await job(finished.Id);
      const restarted = await api.post(
        odata(`Jobs/${d.ns}.RestartJob`),
        { jobId: finished.Id },
        {
          folderId: folders.Shared,
        },
      );
      assert.equal(restarted.status, 200, JSON.stringify(restarted.body));
      assert.notEqual(restarted.body.Id, finished.Id);
      assert.equal(restarted.body.State, 'Pending');
      assert.equal(restarted.body.ReleaseName, original.ReleaseName);
      assert.equal(restarted.body.InputArguments, original.InputArguments);
      assert.equal((await job(restarted.body.Key)).State, 'Pending', 'the new job is stored');
      const again = await api.post(
        odata(`Jobs/${d.ns}.RestartJob`),
        { jobId: restarted.body.Id },
        {
          folderId: folders.Shared,
        },
      );
      assert.equal(again.status, 409);
      assert.match(again.body.message, /is Pending: only a finished job/);
      const restart = (body: unknown, as = api) =>
        as.post(odata(`Jobs/${d.ns}.RestartJob`), body, { folderId: folders.Shared });
      assert.equal((await restart({ jobId: 999_999 })).status, 404);
      assert.equal((await restart({ jobId: 'one' })).status, 400);
      assert.equal((await restart({})).status, 400);
      assert.equal((await restart({ jobId: finished.Id }, viewer)).status, 403);
      assert.equal((await api.post(odata(`Jobs/${d.ns}.RestartJob`), { jobId: finished.Id })).body.errorCode, 1101);
    });

    it('resumes a job its robot suspended, and only such a job', async () => {
      const started = await start({
        ReleaseKey: release.Key,
        InputArguments: JSON.stringify({ ...inputs, SandboxOutcome: 'Suspended' }),
      });
      const key = started.body.value[0].Key as string;
      const resume = (jobKey: unknown, as = api) =>
        as.post(odata(`Jobs/${d.ns}.ResumeJob`), { jobKey }, { folderId: folders.Shared });
      const pending = await resume(key);
      assert.equal(pending.status, 409);
      assert.match(pending.body.message, /is Pending: only a Suspended job can be resumed/);
      await advance(2);
      assert.equal((await job(key)).State, 'Running');
      await advance(5);
      assert.equal((await job(key)).State, 'Suspended', 'suspended half-way through its run');
      assert.equal((await resume(key, viewer)).status, 403, 'Jobs.Edit');
      assert.equal((await resume('not-a-key')).status, 400);
      assert.equal((await resume('00000000-0000-4000-8000-000000000000')).status, 404);
      const resumed = await resume(key.toUpperCase());
      assert.equal(resumed.status, 200, JSON.stringify(resumed.body));
      assert.equal((await job(key)).State, 'Resumed');
      assert.equal((await resume(key)).status, 409, 'resumed once');
      await advance(2);
      assert.equal((await job(key)).State, 'Running');
      await advance(10);
      const done = await job(key);
      assert.equal(done.State, 'Successful');
      assert.ok(done.OutputArguments, 'finished as a job that was never suspended');
    });
  });
}

describe('StartJobs by a ReleaseName two processes share', () => {
  it('is a 400 asking for the ReleaseKey (process names are unique per folder, so only a state file has two)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-release-name-'));
    const stateFile = join(dir, 'state.json');
    try {
      await (await startSandbox({ stateFile })).close();
      const state = JSON.parse(readFileSync(stateFile, 'utf8'));
      const releases: { Name: string; $folderId: number; Id: number; Key: string }[] = state.tenants[0].releases;
      const [first, second] = releases.filter((r) => r.$folderId === releases[0]!.$folderId);
      second!.Name = first!.Name.toLowerCase();
      writeFileSync(stateFile, JSON.stringify(state));
      const sandbox = await startSandbox({ stateFile });
      try {
        const api = await Api.as(sandbox, 'developer');
        const res = await api.post(
          odata(`Jobs/${sandbox.dialect.namespace}.StartJobs`),
          { startInfo: { ReleaseName: first!.Name } },
          { folderId: first!.$folderId },
        );
        assert.equal(res.status, 400);
        assert.match(res.body.message, /2 processes are named .* start one by its ReleaseKey/);
      } finally {
        await sandbox.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
