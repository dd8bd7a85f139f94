import assert from 'node:assert/strict';
import { eq } from '../../../src/core/odata/filter';
import { type OrchestratorError } from '../../../src/core/http/errors';
import { collectAll } from '../../../src/core/odata/paging';
import { folderId, useCoreSandbox } from './fixtures';
import { requiredInputsFor } from '@orchestrator-workbench/sandbox/test-helpers';
import { buildNupkg } from '@orchestrator-workbench/sandbox/test-nupkg';

describe('core client against the sandbox: every endpoint group', () => {
  const fx = useCoreSandbox({ jobDurationMs: 300, pickupDelayMs: 20, logIntervalMs: 20 });

  it('packages and libraries: list, versions, arguments get/set, download, delete', async () => {
    const client = await fx.client();
    const packages = await client.packages.list({ query: { count: true, top: 5 } });
    assert.equal(packages.count, 30);
    assert.equal(packages.items.length, 5);
    const multi = (await client.packages.list()).items.find((p) => p.Version.startsWith('1.3'))!;
    assert.equal((await client.packages.versions(multi.Id)).count, 4);
    const args = await client.packages.getArguments(multi.Key);
    assert.ok(args.Input);
    const studio = (await client.packages.list({ query: { orderBy: [{ path: 'Id' }] } })).items[0]!;
    await client.packages.setArguments(studio.Key, {
      Input: [{ name: 'in_A', type: 'System.String', required: true, hasDefault: false }],
      Output: [{ name: 'out_B', type: 'System.Int32' }],
    });
    assert.equal(JSON.parse((await client.packages.getArguments(studio.Key)).Input!)[0].name, 'in_A');
    await assert.rejects(
      client.packages.setArguments(studio.Key, {
        Input: [
          { name: 'x', type: 'System.String' },
          { name: 'X', type: 'System.String' },
        ],
        Output: [],
      }),
      (e: OrchestratorError) => e.kind === 'invalidInput' && /twice/.test(e.message),
    );
    const file = await client.packages.download(studio.Key);
    assert.equal(file.bytes[0], 0x50); // "PK"
    assert.match(file.fileName!, /\.nupkg$/);
    assert.equal((await client.packages.libraries.list()).items.length, 5);
    assert.equal((await client.packages.libraryVersions('Common.Library1')).items.length, 2);
    assert.equal((await client.packages.downloadLibrary('Common.Library1:2.1.0')).bytes[0], 0x50);
    await client.packages.libraries.delete('Common.Library5');
    const bytes = buildNupkg({ id: 'Uploaded.Process', version: '1.0.0' });
    const uploaded = await client.packages.upload({ bytes, fileName: 'Uploaded.Process.1.0.0.nupkg' });
    assert.deepEqual([uploaded.Key, uploaded.Status], ['Uploaded.Process.1.0.0.nupkg', 'Success']);
    assert.equal((await client.packages.versions('Uploaded.Process')).items[0]!.Version, '1.0.0');
    await assert.rejects(client.packages.upload({ bytes, fileName: 'again.nupkg' }), (e: OrchestratorError) =>
      [e.status === 409, !e.outcomeUnknown].every(Boolean),
    );
    await client.packages.delete('Uploaded.Process');
  });

  it('releases: list, get, input values, version moves', async () => {
    const client = await fx.client();
    const folder = { id: await folderId(client, 'Shared') };
    const releases = await client.releases.list({ folder });
    const release = releases.items[0]!;
    assert.equal((await client.releases.get(release.Id, { folder })).Key, release.Key);
    const input = (await client.releases.get(release.Id, { folder })).InputArguments ?? '{}';
    await client.releases.setInputArguments(release.Id, '{}', { folder });
    assert.equal((await client.releases.get(release.Id, { folder })).InputArguments, '{}');
    await client.releases.setInputArguments(release.Id, input, { folder });
    await assert.rejects(
      client.releases.setInputArguments(release.Id, JSON.stringify({ a: 'x'.repeat(10_000) }), { folder }),
      /limit is 10,000/,
    );
    const latest = await client.releases.updateToLatest(release.Id, { folder });
    assert.equal(latest.IsLatestVersion, true);
    await client.releases.updateAllToLatest([release.Id], { folder });
    const created = await client.releases.create(
      { Name: 'Core client process', ProcessKey: release.ProcessKey },
      { folder },
    );
    await client.releases.replace(created.Id, { Name: 'Core client process 2' }, { folder });
    await client.releases.delete(created.Id, { folder });
  });

  it('jobs: start, get by key with arguments, list, stop, export', async () => {
    const client = await fx.client();
    const folder = { id: await folderId(client, 'Shared') };
    const release = (await client.releases.list({ folder })).items[0]!;
    const input = requiredInputsFor(
      (await client.packages.getArguments(`${release.ProcessKey}:${release.ProcessVersion}`)).Input,
    );
    const [job] = await client.jobs.start(
      { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1, InputArguments: JSON.stringify(input) },
      { folder },
    );
    assert.equal(job!.State, 'Pending');
    const byKey = await client.jobs.get(job!.Key, { folder });
    assert.equal(typeof byKey.InputArguments, 'string');
    const listed = await client.jobs.list({ folder, query: { filter: eq('Id', job!.Id), expand: ['Robot'] } });
    assert.equal(listed.items[0]!.InputArguments, null);
    await client.jobs.stop(job!.Id, 'SoftStop', { folder }).catch(() => undefined); // may already be finished
    await client.jobs
      .stopMany([job!.Id], 'Kill', { folder })
      .catch((e: OrchestratorError) => assert.equal(e.status, 409));
    assert.equal((await client.jobs.export({ folder })).Status, 'New');
    await assert.rejects(
      client.jobs.start({ ReleaseKey: release.Key, Strategy: 'Specific', RobotIds: [] }, { folder }),
      (e: OrchestratorError) => e.kind === 'invalidInput',
    );
  });

  it('robots, sessions and logs', async () => {
    const client = await fx.client();
    const folder = { id: await folderId(client, 'Shared') };
    const robots = await client.robots.list();
    const robot = robots.items[0]!;
    assert.equal((await client.robots.get(robot.Id)).Name, robot.Name);
    await client.robots.update(robot.Id, { Description: 'checked by the core client' });
    const created = await client.robots.create({ Name: 'Core Robot', Username: 'corp\\core', Type: 'Unattended' });
    await client.robots.replace(created.Id, { Name: 'Core Robot 2', Type: 'Attended' });
    await client.robots.convertToFloating(created.Id);
    await client.robots.deleteMany([created.Id]);
    const another = await client.robots.create({ Name: 'Core Robot 3', Username: 'corp\\core3', Type: 'Development' });
    await client.robots.delete(another.Id);
    assert.ok((await client.robots.usernames()).value.length > 0);
    assert.ok((await client.robots.machineLicenseKeys()).value.length > 0);
    const release = (await client.releases.list({ folder })).items[0]!;
    assert.ok((await client.robots.forProcess(release.ProcessKey, { folder })).items.length > 0);
    const sessions = await client.robots.sessions.list({ query: { expand: ['Robot'] } });
    assert.ok(sessions.items.every((s) => typeof s.IsUnresponsive === 'boolean'));
    const logs = await client.robots.logs({ folder, query: { top: 5 } });
    assert.equal(logs.items.length, 5);
    await assert.rejects(client.robots.logs({ folder, query: { top: 100, skip: 9950 } }), /first 10,000/);
    assert.equal((await client.robots.exportLogs({ folder })).Status, 'New');
  });

  it('queues, items, bulk add, events and comments', async () => {
    const client = await fx.client();
    const folder = { id: await folderId(client, 'HR') };
    const queues = await client.queues.list({ folder });
    const queue = queues.items[0]!;
    assert.equal((await client.queues.get(queue.Id, { folder })).Name, queue.Name);
    const item = await client.queues.addItem(
      { Name: queue.Name, Priority: 'High', Reference: 'core-1', SpecificContent: { Employee: 'Zoë' } },
      { folder },
    );
    assert.equal(item.Status, 'New');
    assert.equal((await client.queues.items.get(item.Id, { folder })).Reference, 'core-1');
    const bulk = await client.queues.bulkAdd(
      queue.Name,
      'ProcessAllIndependently',
      [{ Reference: 'core-2' }, { Reference: 'core-3' }],
      { folder },
    );
    assert.deepEqual([bulk.Success, bulk.FailedItems], [true, []]);
    await assert.rejects(client.queues.bulkAdd(queue.Name, 'AllOrNothing', [], { folder }), /no items/);
    assert.ok((await client.queues.itemHistory(item.Id, { folder })).items.length >= 1);
    const events = await client.queues.itemEvents.list({ folder, query: { top: 1 } });
    assert.equal((await client.queues.itemEvents.get(events.items[0]!.Id, { folder })).Id, events.items[0]!.Id);
    const comment = await client.queues.addComment(item.Id, 'from the core client', { folder });
    await client.queues.editComment(comment.Id, 'edited', { folder });
    assert.equal((await client.queues.itemComments.get(comment.Id, { folder })).Text, 'edited');
    assert.equal((await client.queues.commentHistory(item.Id, { folder })).items.length, 1);
    assert.ok((await client.queues.itemComments.list({ folder })).items.length >= 1);
    await client.queues.itemComments.delete(comment.Id, { folder });
    await client.queues.setProgress(item.Id, 'Step 1', { folder });
    await assert.rejects(
      client.queues.setProgress(item.Id, '😀'.repeat(52_429), { folder }),
      (e: OrchestratorError) => e.kind === 'invalidInput' && /Progress/.test(e.message),
    );
    await client.queues.setResult(item.Id, { IsSuccessful: true, Output: { Done: true } }, { folder });
    const deletable = await client.queues.addItem({ Name: queue.Name, Reference: 'core-4' }, { folder });
    await client.queues.items.delete(deletable.Id, { folder });
    const created = await client.queues.create({ Name: 'CoreQueue' }, { folder });
    await client.queues.replace(created.Id, { Name: 'CoreQueue2', MaxNumberOfRetries: 3 }, { folder });
    assert.equal((await client.queues.export(created.Id, { folder })).Status, 'New');
    await client.queues.delete(created.Id, { folder });
  });

  it('assets and environments', async () => {
    const client = await fx.client();
    const folder = { id: await folderId(client, 'Shared') };
    const assets = await client.assets.list({ folder });
    assert.ok(assets.items.some((a) => a.ValueType === 'Credential'));
    const created = await client.assets.create(
      { Name: 'CoreText', ValueType: 'Text', StringValue: 'hello' },
      { folder },
    );
    assert.equal((await client.assets.get(created.Id, { folder })).StringValue, 'hello');
    await client.assets.replace(created.Id, { Name: 'CoreText', ValueType: 'Integer', IntValue: 3 }, { folder });
    await client.assets.delete(created.Id, { folder });
    const robot = (await client.robots.list({ folder })).items[0]!;
    assert.equal(
      (await client.assets.robotAsset(robot.Id, 'PortalLogin', { folder })).CredentialUsername,
      'svc-portal',
    );
    assert.equal((await client.assets.robotAsset(String(robot.Id), 'PortalUrl', { folder })).ValueType, 'Text');
    const environments = await client.assets.environments.list({ folder });
    const env = environments.items[0]!;
    assert.equal((await client.assets.environments.get(env.Id, { folder })).Name, env.Name);
    assert.ok((await client.assets.environmentRobotIds(env.Id, { folder })).value.length > 0);
    assert.ok((await client.assets.environmentRobots(env.Id, { folder })).items.length > 0);
    const newEnv = await client.assets.createEnvironment({ Name: 'CoreEnv', Type: 'Dev' }, { folder });
    await client.assets.addRobot(newEnv.Id, robot.Id, { folder });
    await client.assets.removeRobot(newEnv.Id, robot.Id, { folder });
    await client.assets.setRobots(newEnv.Id, { addedRobotIds: [robot.Id], removedRobotIds: [] }, { folder });
    await client.assets.replaceEnvironment(newEnv.Id, { Name: 'CoreEnv2' }, { folder });
    await client.assets.environments.delete(newEnv.Id, { folder });
  });

  it('folders, navigation, users, roles, permissions', async () => {
    const client = await fx.client();
    const all = await collectAll(client.folders.iterate({ pageSize: 3 }));
    assert.equal(all.length, (await client.folders.list()).items.length);
    const shared = all.find((f) => f.DisplayName === 'Shared')!;
    assert.equal((await client.folders.get(shared.Id)).FullyQualifiedName, 'Shared');
    const nav = await client.folders.navigation(shared.Id, { take: 1 });
    assert.equal(nav.ChildrenPage.length, 1);
    assert.ok((await client.folders.navigation(undefined)).ChildrenCount > 0);
    const made = await client.folders.create({ DisplayName: 'Core Folder', ParentId: shared.Id });
    await client.folders.rename(made.Id, { DisplayName: 'Core Folder 2' });
    await client.folders.delete(made.Id);
    assert.ok((await client.folders.users(shared.Id)).items.length > 0);
    await client.folders.assignUsers({ UserIds: [2], RolesPerFolder: [{ FolderId: shared.Id, RoleIds: [102] }] });
    await client.folders.removeUser(shared.Id, 2);
    const users = await client.users.list();
    assert.equal((await client.users.get(users.items[0]!.Id)).UserName, users.items[0]!.UserName);
    await client.users.assignRoles(3, [103]);
    await client.users.changeCulture(3, 'de-DE');
    await assert.rejects(client.users.changeCulture(3, 'german'), /language code/);
    await client.users.updatePassword({
      TenancyName: 'main',
      Username: 'admin',
      CurrentPassword: 'x',
      NewPassword: 'abcdefg1',
    });
    await client.users.provisionRobot(3, {
      UserName: 'viewer',
      RobotId: (await client.robots.list()).items[0]!.Id,
      RobotType: 'Attended',
    });
    const roles = await client.users.roles.list();
    assert.equal((await client.users.roles.get(roles.items[0]!.Id)).Id, roles.items[0]!.Id);
    assert.ok((await client.users.permissions()).items.length > 10);
    assert.equal((await client.users.directoryPermissions(2)).UserId, 2);
    await client.users.delete(4);
    assert.ok(!(await client.users.list()).items.some((u) => u.Id === 4));
  });

  it('tenant: tenants, features, settings, licenses, alerts, calendars, webhooks, audit', async () => {
    const client = await fx.client();
    const tenants = await client.tenant.tenants.list();
    assert.equal(tenants.items.length, 2);
    assert.equal((await client.tenant.tenants.get(tenants.items[1]!.Id)).Name, 'staging');
    await client.tenant.setActive([tenants.items[1]!.Id], true);
    await client.tenant.updateFeature('Monitoring.Enabled', [tenants.items[1]!.Id], false);
    assert.equal((await client.tenant.license()).IsExpired, false);
    const robotKey = (await client.robots.list()).items.find((r) => r.LicenseKey)!.LicenseKey!;
    assert.ok((await client.tenant.servicesSettings(robotKey)).Keys.includes('NuGetServiceApiKey'));
    assert.equal((await client.tenant.executionSettings(0)).Configuration[0]!.Key, 'TracingLevel');
    await client.tenant.updateSettings([{ Name: 'AttendedRobot.RunDisconnectedHours', Value: '24' }]);
    assert.ok((await client.tenant.namedUserLicenses('Attended')).items.length > 0);
    const runtime = await client.tenant.runtimeLicenses('Unattended');
    await client.tenant.toggleRuntime(runtime.items[0]!.Key, 'Unattended', false);
    const unread = await client.tenant.unreadAlerts();
    const alerts = await client.tenant.alerts.list({ query: { filter: eq('State', 'Unread') } });
    assert.equal(await client.tenant.markAlertsRead([alerts.items[0]!.UserNotificationId]), 1);
    assert.equal(await client.tenant.unreadAlerts(), unread - 1);
    await client.tenant.raiseAlert({ Message: 'from the core client', Severity: 'Info' });
    const calendar = await client.tenant.createCalendar({ Name: 'Core', ExcludedDates: ['2026-12-24T10:00:00Z'] });
    assert.deepEqual((await client.tenant.calendars.get(calendar.Id)).ExcludedDates, ['2026-12-24T00:00:00Z']);
    assert.ok((await client.tenant.calendars.list()).items.length >= 3);
    const hooks = await client.tenant.webhooks.list();
    assert.equal((await client.tenant.webhooks.get(hooks.items[0]!.Id)).Id, hooks.items[0]!.Id);
    assert.ok((await client.tenant.eventTypes()).items.length > 10);
    await client.tenant.updateWebhook(hooks.items[0]!.Id, {
      Url: 'https://hooks.example.test/x',
      Enabled: true,
      Events: [{ EventType: 'job.completed' }],
    });
    await assert.rejects(
      client.tenant.updateWebhook(hooks.items[0]!.Id, { Url: 'javascript:alert(1)', Enabled: true, Events: [] }),
      /not an http/,
    );
    assert.equal((await client.tenant.ping(hooks.items[0]!.Id)).Type, 'ping');
    assert.ok((await client.tenant.auditLogs.list()).items.length > 0);
    assert.equal((await client.tenant.exportAuditLogs()).Status, 'New');
  });
});
