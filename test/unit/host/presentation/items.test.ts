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
import {
  alertItem,
  libraryItem,
  licenseItems,
  tenantItem,
  webhookItem,
} from '../../../../src/host/presentation/tenantItems';
import { categoryItem, ideaItem, namedItem, reviewItem } from '../../../../src/host/presentation/ideaItems';
import { pickForAutoRefresh } from '../../../../src/host/presentation/autoRefresh';
import { OrchestratorError } from '../../../../src/core/http/errors';
import {
  aJob,
  aLibrary,
  anAlert,
  anAsset,
  aPackage,
  aQueueItem,
  aRelease,
  aRobot,
  aWebhook,
} from '../../../support/entities';

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

  it('describes tenant-level rows: libraries, webhooks, unread alerts, host tenants and the license summary', () => {
    assert.equal(
      libraryItem('t', aLibrary({ Id: 'Lib', Key: 'Lib:2', Version: '2.0.0', IsLatestVersion: true })).description,
      '2.0.0 (latest)',
    );
    const hook = webhookItem(
      't',
      aWebhook({ Id: 4, Url: 'https://hooks.example/a', Enabled: false, Events: [{ EventType: 'job.faulted' }] }),
    );
    assert.equal(hook.description, 'disabled · 1 event(s)');
    assert.equal(
      webhookItem('t', aWebhook({ Id: 5, Url: 'u', Enabled: true, SubscribeToAllEvents: true, Events: null }))
        .description,
      'enabled · all events',
    );
    const alert = alertItem(
      't',
      {
        Id: 'a',
        UserNotificationId: 'u',
        NotificationName: 'Robot unresponsive',
        Severity: 'Error',
        State: 'Unread',
        CreationTime: '2026-11-21T11:00:00Z',
        Component: 'Robots',
        Data: null,
      },
      NOW,
    );
    assert.deepEqual(
      [alert.description, alert.contextValue, alert.icon!.id],
      ['unread · Error · 1 h ago', 'alert.unread', 'error'],
    );
    assert.equal(
      alertItem(
        't',
        anAlert({
          Id: 'b',
          UserNotificationId: 'u',
          NotificationName: 'x',
          Severity: 'Info',
          State: 'Read',
          CreationTime: '2026-11-21T11:00:00Z',
          Component: null,
          Data: null,
        }),
        NOW,
      ).contextValue,
      'alert',
    );
    const inactive = tenantItem('h', { Id: 2, Name: 'staging', IsActive: false, LastLoginTime: null, License: null });
    assert.deepEqual([inactive.description, inactive.contextValue], ['inactive', 'tenant.inactive']);
    assert.equal(
      tenantItem('h', { Id: 1, Name: 'main', IsActive: true, LastLoginTime: null, License: null }).contextValue,
      'tenant.active',
    );
    const counts = (n: number) => ({ Unattended: n, Attended: n, NonProduction: n, Development: n });
    const rows = licenseItems('t', {
      ExpireDate: Date.parse('2027-01-31T00:00:00Z') / 1000,
      IsRegistered: true,
      IsExpired: false,
      AllowedRobots: counts(5),
      DefinedRobots: { ...counts(2), Attended: 7 },
      ConcurrentRobots: null,
    });
    assert.deepEqual(
      rows.map((r) => `${r.label}: ${r.description}`),
      [
        'Registered: expires 2027-01-31',
        'Unattended: 2 of 5 in use',
        'Attended: 7 of 5 in use',
        'NonProduction: 2 of 5 in use',
        'Development: 2 of 5 in use',
      ],
    );
    assert.equal(rows[2]!.icon!.id, 'warning', 'over the allowed count is a warning');
    assert.equal(
      licenseItems('t', {
        ExpireDate: null,
        IsRegistered: true,
        IsExpired: true,
        AllowedRobots: counts(0),
        DefinedRobots: counts(0),
        ConcurrentRobots: null,
      })[0]!.label,
      'Expired',
    );
  });

  it('describes ideas with submitter, phase, status and category names, falling back to ids', () => {
    const lookups = { users: new Map([[2, 'Dev Eloper']]), categories: new Map([[5, 'Finance']]) };
    const idea = {
      id: 11,
      name: 'Invoice bot',
      phase: 'Assessment',
      status: 'In Progress',
      categoryId: 5,
      submitterId: 2,
      createdAt: '2026-11-20T12:00:00Z',
      tags: ['ap'],
    };
    const item = ideaItem('i', idea, lookups, NOW);
    assert.equal(item.description, 'Assessment · In Progress · 1 d ago');
    assert.match(item.tooltip!, /Submitter \| Dev Eloper/);
    assert.match(item.tooltip!, /Category \| Finance/);
    const unknown = ideaItem('i', { ...idea, submitterId: 9, categoryId: 99 }, lookups, NOW);
    assert.match(unknown.tooltip!, /user 9/);
    assert.match(unknown.tooltip!, /category 99/);
    assert.equal(categoryItem('i', { id: 1, name: 'Ops', parentId: null }, 2).description, '2 subcategories');
    assert.equal(categoryItem('i', { id: 1, name: 'Ops', parentId: null }, 0).collapsible, 'none');
    assert.equal(reviewItem('i', { id: 1, rating: 4, userId: 2, comment: 'Saves hours' }, lookups).label, '★★★★☆');
    assert.equal(reviewItem('i', { id: 1, rating: 9, userId: 3 }, lookups).description, 'user 3');
    assert.equal(
      namedItem('i', 'application', { id: 3, name: 'SAP GUI', vendor: 'SAP', version: '7.7' }).description,
      'SAP · 7.7',
    );
  });

  it('auto-refreshes only expanded, first-page collections while the view is visible and the budget is not under pressure', () => {
    const budget = { queued: 0, used: 5, budget: 50, paused: false };
    const rows = [
      { name: 'expanded', expanded: true, pagedBeyondFirst: false, budget },
      { name: 'collapsed', expanded: false, pagedBeyondFirst: false, budget },
      { name: 'paged', expanded: true, pagedBeyondFirst: true, budget },
      { name: 'queued', expanded: true, pagedBeyondFirst: false, budget: { ...budget, queued: 1 } },
      { name: 'busy', expanded: true, pagedBeyondFirst: false, budget: { ...budget, used: 25 } },
      { name: 'paused', expanded: true, pagedBeyondFirst: false, budget: { ...budget, paused: true } },
    ];
    assert.deepEqual(
      pickForAutoRefresh(rows, { visible: true, intervalSeconds: 30 }).map((r) => r.name),
      ['expanded'],
    );
    assert.deepEqual(
      pickForAutoRefresh(rows, { visible: false, intervalSeconds: 30 }),
      [],
      'nothing while the view is hidden',
    );
    assert.deepEqual(pickForAutoRefresh(rows, { visible: true, intervalSeconds: 0 }), [], 'nothing when turned off');
  });
});
