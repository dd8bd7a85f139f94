// The Orchestrator tree's row builders (src/host/presentation/items.ts): what each row says, its icon and its menus.
import assert from 'node:assert/strict';
import {
  assetItem,
  describeFailure,
  folderItem,
  jobItem,
  packageItem,
  packageVersionItem,
  queueItemItem,
  relativeTime,
  releaseItem,
  robotItem,
} from '../../../../src/host/presentation/items';
import { OrchestratorError } from '../../../../src/core/http/errors';
import { aJob, anAsset, aPackage, aQueueItem, aRelease, aRobot } from '../../../support/entities';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('tree item builders', () => {
  it('describes jobs with state icon, time since start and a context value for menus', () => {
    const job = aJob({
      Id: 1,
      Key: 'k-1',
      State: 'Faulted',
      CreationTime: '2026-11-21T11:00:00Z',
      StartTime: '2026-11-21T11:30:00Z',
      ReleaseName: 'Invoice.Processing',
      Info: 'System.Exception: boom',
    });
    const item = jobItem('s', job, NOW);
    assert.equal(item.label, 'Invoice.Processing');
    assert.equal(item.description, '#1 · Faulted · 30 min ago', 'no robot known: number, state and time');
    assert.deepEqual(item.icon, { id: 'error', color: 'testing.iconFailed' });
    assert.equal(item.contextValue, 'job.final');
    assert.equal(item.id, 's/job/k-1');
    assert.match(item.tooltip!, /System\\\.Exception\\: boom/);
    assert.equal(jobItem('s', { ...job, State: 'Running' }, NOW).contextValue, 'job.running');
    assert.equal(jobItem('s', { ...job, State: 'Mystery' }, NOW).icon!.id, 'circle-outline');
  });

  it('tells runs of one process apart by job number and robot', () => {
    const base = {
      Key: 'k',
      State: 'Running',
      CreationTime: '2026-11-21T11:59:50Z',
      StartTime: '2026-11-21T11:59:53Z',
      ReleaseName: 'Contracts.Export_Production',
    };
    const runs = [
      {
        ...base,
        Id: 1234,
        Key: 'k1',
        Robot: aRobot({ Id: 1, Name: 'robot-01' }),
        HostMachineName: 'RPA-VM-1',
      },
      {
        ...base,
        Id: 1235,
        Key: 'k2',
        Robot: aRobot({ Id: 2, Name: 'robot-02' }),
        HostMachineName: 'RPA-VM-1',
      },
      { ...base, Id: 1236, Key: 'k3', Robot: null, HostMachineName: 'RPA-VM-2' },
    ].map((job) => jobItem('s', aJob(job), NOW));
    assert.deepEqual(
      runs.map((r) => r.description),
      [
        '#1234 · robot-01 · Running · 7 s ago',
        '#1235 · robot-02 · Running · 7 s ago',
        '#1236 · RPA-VM-2 · Running · 7 s ago',
      ],
    );
    assert.equal(new Set(runs.map((r) => `${r.label} ${r.description}`)).size, 3, 'the rows read differently');
  });

  it('marks the latest package version and outdated processes', () => {
    assert.equal(
      packageItem('s', aPackage({ Id: 'P', Key: 'P:1.0.1', Version: '1.0.1', IsLatestVersion: true })).description,
      '1.0.1 (latest)',
    );
    const release = aRelease({
      Id: 3,
      Key: 'r',
      Name: 'P_Prod',
      ProcessKey: 'P',
      ProcessVersion: '1.0.0',
      IsLatestVersion: false,
      EnvironmentName: 'Production',
    });
    const item = releaseItem('s', release);
    assert.equal(item.description, '1.0.0 · Production · update available');
    assert.equal(item.contextValue, 'process.outdated');
  });

  it('never shows a credential value; shows text values shortened', () => {
    const credential = assetItem(
      's',
      anAsset({
        Id: 1,
        Name: 'Login',
        ValueType: 'Credential',
        CredentialUsername: 'svc',
        Value: 'username: svc',
        CredentialPassword: 'S3cret',
      }),
    );
    assert.equal(credential.description, 'Credential · user svc');
    assert.doesNotMatch(JSON.stringify(credential), /S3cret/);
    assert.equal(
      assetItem('s', anAsset({ Id: 2, Name: 'Url', ValueType: 'Text', StringValue: 'x'.repeat(100) })).description,
      `Text · ${'x'.repeat(60)}`,
    );
  });

  it('marks personal workspaces, unresponsive robots and queue item states', () => {
    assert.equal(
      folderItem('c', { Id: 7, DisplayName: "Dev Eloper's workspace", IsPersonal: true }).description,
      'personal workspace',
    );
    assert.equal(folderItem('c', { Id: 7, DisplayName: 'Shared' }).icon!.id, 'folder');
    assert.match(
      robotItem('s', aRobot({ Id: 1, Name: 'R', Type: 'Unattended' }), { State: 'Available', IsUnresponsive: true })
        .description!,
      /unresponsive/,
    );
    const item = queueItemItem(
      'q',
      aQueueItem({
        Id: 9,
        Key: 'k',
        QueueDefinitionId: 1,
        Status: 'Failed',
        Reference: "O'Brien",
        Priority: 'High',
        CreationTime: '2026-11-21T10:00:00Z',
        RetryNumber: 0,
      }),
      NOW,
    );
    assert.equal(item.label, "O'Brien");
    assert.equal(item.description, 'Failed · High · 2 h ago');
  });

  it('escapes markdown in tooltips so entity text cannot inject links', () => {
    const item = releaseItem(
      's',
      aRelease({
        Id: 1,
        Key: 'k',
        Name: '[click](command:evil)',
        ProcessKey: 'P',
        ProcessVersion: '1',
        IsLatestVersion: true,
      }),
    );
    assert.doesNotMatch(item.tooltip!, /\[click\]\(command:evil\)/);
  });

  it('says what happened and what to do when a collection fails', () => {
    const http = (status: number) =>
      new OrchestratorError({
        kind: 'http',
        status,
        endpoint: 'GET /odata/Jobs',
        message: 'You lack the permission Jobs.View.',
      });
    assert.match(
      describeFailure(http(403), 'jobs', 'folder Shared'),
      /You lack the permission to see jobs in folder Shared/,
    );
    assert.match(
      describeFailure(
        new OrchestratorError({ kind: 'network', endpoint: 'x', message: 'ECONNREFUSED' }),
        'jobs',
        'folder Shared',
      ),
      /^Can't reach the service/,
    );
    assert.match(describeFailure(http(401), 'jobs', 'f'), /Sign in again/);
    assert.equal(relativeTime('2026-11-20T12:00:00Z', NOW), '1 d ago');
    assert.equal(relativeTime(null, NOW), '');
  });

  it('lists package versions with the latest starred, and expands packages to them', () => {
    const pkg = aPackage({
      Id: 'P',
      Key: 'P:1.0.1',
      Version: '1.0.1',
      IsLatestVersion: true,
      Published: '2026-11-01T08:00:00Z',
    });
    assert.equal(packageItem('s', pkg).collapsible, 'collapsed');
    const latest = packageVersionItem('s/package/P', pkg);
    assert.deepEqual(
      [latest.id, latest.label, latest.description, latest.icon!.id, latest.contextValue],
      ['s/package/P/version/1.0.1', '1.0.1', 'latest · 2026-11-01', 'star-full', 'packageVersion.latest'],
    );
    const old = packageVersionItem('s/package/P', {
      ...pkg,
      Version: '1.0.0',
      IsLatestVersion: false,
      Published: null,
    });
    assert.deepEqual([old.description, old.icon!.id, old.contextValue], [undefined, 'versions', 'packageVersion']);
  });

  it('shows robots without a session plainly and a connected session by its state', () => {
    const robot = aRobot({ Id: 1, Name: 'R', Type: 'Unattended' });
    assert.equal(robotItem('s', robot).description, 'Unattended');
    const available = robotItem('s', robot, { State: 'Available', IsUnresponsive: false });
    assert.equal(available.description, 'Unattended · Available');
    assert.equal(available.icon!.id, 'hubot');
    assert.deepEqual(robotItem('s', robot, { State: 'Available', IsUnresponsive: true }).icon, {
      id: 'warning',
      color: 'charts.orange',
    });
  });
});
