import assert from 'node:assert/strict';
import { admin, Api, folderIds, NS, odata, requiredInputs, useSandbox, waitFor } from './helpers';

describe('job life cycle, robot logs and sessions', () => {
  const sandbox = useSandbox({ jobDurationMs: 600, pickupDelayMs: 50, logIntervalMs: 40 });
  let api: Api;
  let folders: Record<string, number>;
  let release: any;
  before(async () => {
    api = await Api.as(sandbox(), 'developer');
    folders = await folderIds(api);
    release = (await api.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
  });
  const start = async (startInfo: Record<string, unknown>) =>
    api.post(
      odata(`Jobs/${NS}.StartJobs`),
      { startInfo: { ReleaseKey: release.Key, ...startInfo } },
      { folderId: folders.Shared },
    );
  const job = async (key: string | number) => (await api.get(odata(`Jobs(${key})`), { folderId: folders.Shared })).body;
  const finished = (key: string | number) =>
    waitFor(async () => {
      const j = await job(key);
      return ['Successful', 'Faulted', 'Stopped'].includes(j.State) ? j : undefined;
    }, `job ${key} to finish`);
  const logs = async (jobKey: string, query: Record<string, string> = {}) =>
    (
      await api.get(odata('RobotLogs', { $filter: `JobKey eq ${jobKey}`, $top: '1000', ...query }), {
        folderId: folders.Shared,
      })
    ).body.value;

  it('starts a Pending job, runs it and finishes Successful with ordered, unique logs and output arguments', async () => {
    const res = await start({
      Strategy: 'ModernJobsCount',
      NoOfRobots: 1,
      InputArguments: JSON.stringify(await requiredInputs(api, release)),
    });
    assert.equal(res.status, 200);
    const [pending] = res.body.value;
    assert.equal(pending.State, 'Pending');
    assert.deepEqual([pending.StartTime, pending.EndTime, pending.Info], [null, null, null]);
    const done = await finished(pending.Key);
    assert.equal(done.State, 'Successful');
    assert.ok(done.StartTime && done.EndTime);
    assert.equal(JSON.parse(done.OutputArguments).out_Result, 'OK');
    const lines = await logs(pending.Key);
    assert.ok(lines.length >= 5, `${lines.length} log lines`);
    assert.equal(new Set(lines.map((l: { Id: number }) => l.Id)).size, lines.length, 'no duplicates');
    for (let i = 1; i < lines.length; i++)
      assert.ok(lines[i].Id > lines[i - 1].Id && lines[i].TimeStamp >= lines[i - 1].TimeStamp, 'ordered');
    assert.match(lines[0].Message, /execution started/);
    assert.match(lines.at(-1).Message, /execution ended/);
    for (const line of lines) {
      assert.equal(line.JobKey, pending.Key);
      assert.equal(JSON.parse(line.RawMessage).jobId, pending.Key);
    }
  });

  it('pages logs with $skip/$top and filters by Level ge and TimeStamp gt', async () => {
    const res = await start({
      Strategy: 'ModernJobsCount',
      NoOfRobots: 1,
      InputArguments: JSON.stringify(await requiredInputs(api, release)),
    });
    const key = res.body.value[0].Key;
    await finished(key);
    const all = await logs(key);
    const paged = [...(await logs(key, { $top: '4' })), ...(await logs(key, { $top: '4', $skip: '4' }))];
    assert.deepEqual(paged, all.slice(0, 8));
    const warnings = await logs(key, { $filter: `JobKey eq ${key} and Level ge 'Warning'` });
    assert.ok(warnings.every((l: { Level: string }) => ['Warning', 'Error', 'Fatal'].includes(l.Level)));
    assert.ok(warnings.length < all.length);
    const after = all[3].TimeStamp;
    const later = await logs(key, { $filter: `JobKey eq ${key} and TimeStamp gt ${after}` });
    assert.ok(later.every((l: { TimeStamp: string }) => l.TimeStamp > after));
    const desc = await logs(key, { $orderby: 'TimeStamp desc' });
    assert.deepEqual(
      desc.map((l: { Id: number }) => l.Id),
      all.map((l: { Id: number }) => l.Id).reverse(),
    );
  });

  it('faults a job on request and says why', async () => {
    const input = { ...(await requiredInputs(api, release)), SandboxOutcome: 'Faulted' };
    const res = await start({ Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: JSON.stringify(input) });
    const done = await finished(res.body.value[0].Id);
    assert.equal(done.State, 'Faulted');
    assert.match(done.Info, /simulated failure/);
    assert.ok((await logs(done.Key)).some((l: { Level: string }) => l.Level === 'Error'));
  });

  it('StopJobs is all or nothing: a finished job among them refuses the request and no job is touched', async () => {
    const input = JSON.stringify(await requiredInputs(api, release));
    const [pending] = (await start({ Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: input })).body.value;
    const done = (
      await api.get(odata('Jobs', { $filter: "State eq 'Successful'", $top: '1' }), { folderId: folders.Shared })
    ).body.value[0];
    const refused = await api.post(
      odata(`Jobs/${NS}.StopJobs`),
      { jobIds: [pending.Id, done.Id], strategy: 'SoftStop' },
      { folderId: folders.Shared },
    );
    assert.equal(refused.status, 409);
    assert.match(
      refused.body.message,
      new RegExp(`Nothing was stopped: job ${done.Id} already finished \\(Successful\\)`),
    );
    assert.ok(!['Stopping', 'Stopped'].includes((await job(pending.Id)).State), 'the unfinished job was not stopped');
    await finished(pending.Id);
  });

  it('stops a running job (soft stop) and kills another; a finished job cannot be stopped', async () => {
    const input = JSON.stringify(await requiredInputs(api, release));
    const slow = await Api.as(sandbox(), 'developer');
    const started = await start({ Strategy: 'ModernJobsCount', NoOfRobots: 2, InputArguments: input });
    const [a, b] = started.body.value;
    await waitFor(
      async () => ((await job(a.Id)).State === 'Running' && (await job(b.Id)).State === 'Running' ? true : undefined),
      'both jobs to run',
    );
    assert.equal(
      (await slow.post(odata(`Jobs(${a.Id})/${NS}.StopJob`), { strategy: 'SoftStop' }, { folderId: folders.Shared }))
        .status,
      200,
    );
    assert.equal(
      (
        await slow.post(
          odata(`Jobs/${NS}.StopJobs`),
          { jobIds: [b.Id], strategy: 'Kill' },
          { folderId: folders.Shared },
        )
      ).status,
      200,
    );
    const [doneA, doneB] = [await finished(a.Id), await finished(b.Id)];
    assert.deepEqual([doneA.State, doneB.State], ['Stopped', 'Stopped']);
    assert.match(doneB.Info, /killed/);
    const again = await slow.post(
      odata(`Jobs(${a.Id})/${NS}.StopJob`),
      { strategy: 'SoftStop' },
      { folderId: folders.Shared },
    );
    assert.equal(again.status, 409);
    assert.equal(
      (await slow.post(odata(`Jobs(${a.Id})/${NS}.StopJob`), { strategy: 'Gently' }, { folderId: folders.Shared }))
        .status,
      400,
    );
  });

  it('starts one job per robot with strategy All and on the chosen robots with Specific', async () => {
    const input = JSON.stringify(await requiredInputs(api, release));
    const robots = (
      await api.get(odata(`Environments/${NS}.GetRobotIdsForEnvironment(key=${release.EnvironmentId})`), {
        folderId: folders.Shared,
      })
    ).body.value;
    const all = await start({ Strategy: 'All', InputArguments: input });
    assert.equal(all.body.value.length, robots.length);
    const specific = await start({ Strategy: 'Specific', RobotIds: [robots[0]], InputArguments: input });
    assert.equal(specific.body.value.length, 1);
    const expanded = await api.get(odata('Jobs', { $filter: `Id eq ${specific.body.value[0].Id}`, $expand: 'Robot' }), {
      folderId: folders.Shared,
    });
    assert.equal(expanded.body.value[0].Robot.Id, robots[0]);
  });

  it('validates start requests before creating anything', async () => {
    const input = await requiredInputs(api, release);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ Strategy: 'Sometimes' }, /Strategy/],
      [{ Strategy: 'Specific', RobotIds: [] }, /RobotIds/],
      [{ Strategy: 'Specific', RobotIds: [999999] }, /Robot 999999/],
      [{ NoOfRobots: 0 }, /NoOfRobots/],
      [{ InputArguments: 'not json' }, /not valid JSON/],
      [{ InputArguments: JSON.stringify({ ...input, in_Unknown: 1 }) }, /not declared/],
      [{ InputArguments: JSON.stringify({ in_X: 'y'.repeat(10_000) }) }, /10000|10,000/],
      [{ ReleaseKey: 'not-a-guid' }, /GUID/],
    ];
    for (const [info, message] of cases) {
      const res = await start(info);
      assert.ok(res.status >= 400 && res.status < 500, JSON.stringify(info));
      assert.match(res.body.message, message, JSON.stringify(info));
    }
    if (Object.keys(input).length > 0) {
      const missing = await start({ InputArguments: '{}' });
      assert.equal(missing.status, 400);
      assert.match(missing.body.message, /Required input argument/);
    }
  });

  it('marks a robot without heartbeats unresponsive after 2 minutes; live robots stay responsive', async () => {
    const sessions = async () =>
      (await api.get(odata('Sessions', { $expand: 'Robot' }))).body.value as {
        IsUnresponsive: boolean;
        Robot: { Name: string };
      }[];
    assert.ok((await sessions()).every((s) => !s.IsUnresponsive));
    await admin(sandbox(), 'clock', { advanceSeconds: 121 });
    const after = await sessions();
    assert.deepEqual(
      after.filter((s) => s.IsUnresponsive).map((s) => s.Robot.Name),
      ['Robot-08'],
    );
    const filtered = await api.get(odata('Sessions', { $filter: `State eq 'Available'`, $expand: 'Robot' }));
    assert.ok(filtered.body.value.length > 0);
  });
});
