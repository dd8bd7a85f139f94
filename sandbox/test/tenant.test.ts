import assert from 'node:assert/strict';
import { Api, NS, QNS, odata, useSandbox } from './helpers';

describe('tenant-level resources', () => {
  const sandbox = useSandbox();
  let admin: Api;
  before(async () => {
    admin = await Api.as(sandbox(), 'admin');
  });

  it('lists webhooks and event types, updates one, and answers a ping event', async () => {
    const hooks = (await admin.get(odata('Webhooks'))).body.value;
    assert.equal(hooks.length, 2);
    const types = (await admin.get(odata(`Webhooks/${NS}.GetEventTypes()`))).body.value;
    assert.ok(types.some((t: { Name: string; Group: string }) => t.Name === 'job.faulted' && t.Group === 'job'));
    const put = await admin.call(odata(`Webhooks(${hooks[0].Id})`), {
      method: 'PUT',
      body: {
        Url: 'https://hooks.example.test/new',
        Enabled: false,
        Secret: 's',
        AllowInsecureSsl: false,
        Events: [{ EventType: 'queueItem.added' }],
      },
    });
    assert.equal(put.status, 200);
    assert.equal(put.body.Enabled, false);
    const bad = await admin.call(odata(`Webhooks(${hooks[0].Id})`), {
      method: 'PUT',
      body: { Url: 'ftp://x', Enabled: true, Events: [] },
    });
    assert.equal(bad.status, 400);
    const ping = await admin.post(odata(`Webhooks(${hooks[0].Id})/${NS}.Ping`), {});
    assert.equal(ping.body.Type, 'ping');
    for (const field of ['EventId', 'Timestamp', 'TenantId', 'UserId'])
      assert.ok(ping.body[field] !== undefined, field);
    assert.equal(ping.body.OrganizationUnitId, null);
  });

  it('counts unread alerts and marks them read', async () => {
    const unread = async () => (await admin.get(odata(`Alerts/${NS}.GetUnreadCount()`))).body.value;
    assert.equal(await unread(), 4);
    const ids = (await admin.get(odata('Alerts', { $filter: `State eq 'Unread'`, $top: '2' }))).body.value.map(
      (a: { UserNotificationId: string }) => a.UserNotificationId,
    );
    const marked = await admin.post(odata(`Alerts/${NS}.MarkAsRead`), { ids });
    assert.equal(marked.body.value, 2);
    assert.equal(await unread(), 2);
  });

  it('creates calendars with excluded dates normalized to midnight UTC', async () => {
    const res = await admin.post(odata('Calendars'), {
      Name: 'Plant shutdown',
      ExcludedDates: ['2026-08-03T15:30:00Z', '2026-08-01T01:00:00+02:00', '2026-08-03T00:00:00Z'],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.ExcludedDates, ['2026-07-31T00:00:00Z', '2026-08-03T00:00:00Z']);
    assert.equal(res.body.TimeZoneId, 'UTC');
    assert.equal((await admin.post(odata('Calendars'), { Name: 'x', ExcludedDates: ['someday'] })).status, 400);
  });

  it('reports the license of the tenant that issued the token, and robot-license settings only with a robot key', async () => {
    const license = await admin.get(odata(`Settings/${NS}.GetLicense`));
    assert.equal(license.body.IsExpired, false);
    assert.deepEqual(Object.keys(license.body.AllowedRobots).sort(), [
      'Attended',
      'Development',
      'NonProduction',
      'Unattended',
    ]);
    assert.equal((await admin.get(odata(`Settings/${NS}.GetServicesSettings()`))).status, 401);
    const named = await admin.get(odata(`LicensesNamedUser/${NS}.GetLicensesNamedUser(robotType='Attended')`));
    assert.ok(named.body.value.length <= 1000);
    assert.equal(
      (await admin.get(odata(`LicensesNamedUser/${NS}.GetLicensesNamedUser(robotType='Robotic')`))).status,
      400,
    );
  });

  it("overwrites a user's roles with exactly the ids sent", async () => {
    const roles = (await admin.get(odata('Roles'))).body.value.map((r: { Id: number }) => r.Id);
    assert.equal(
      (await admin.post(odata(`Users(3)/${NS}.AssignRoles`), { roleIds: [roles[0], roles[1]] })).status,
      200,
    );
    assert.equal((await admin.post(odata(`Users(3)/${NS}.AssignRoles`), { roleIds: [roles[1]] })).status, 200);
    const user = await admin.get(odata('Users(3)'));
    assert.equal(user.body.RolesList.length, 1);
    assert.equal((await admin.post(odata(`Users(3)/${NS}.AssignRoles`), { roleIds: [424242] })).status, 404);
  });

  it('never returns credential passwords in asset listings', async () => {
    const folders = (await admin.get(odata('Folders'))).body.value;
    const shared = folders.find((f: { DisplayName: string }) => f.DisplayName === 'Shared').Id;
    const assets = (await admin.get(odata('Assets'), { folderId: shared })).body.value;
    const credential = assets.find((a: { ValueType: string }) => a.ValueType === 'Credential');
    assert.equal(credential.CredentialPassword, null);
    assert.doesNotMatch(JSON.stringify(assets), /S3cret/);
    const robotAsset = await admin.get(
      odata(
        `Assets/${NS}.GetRobotAssetByRobotId(robotId=${(await admin.get(odata('Robots', { $top: '1' }))).body.value[0].Id},assetName='PortalLogin')`,
      ),
      { folderId: shared },
    );
    assert.equal(robotAsset.body.CredentialUsername, 'svc-portal');
    assert.equal(robotAsset.body.CredentialPassword, null);
  });

  it('reports audit entries as a CSV file with AuditLogs/{ns}.Reports(), $filter applied', async () => {
    const res = await admin.raw(odata(`AuditLogs/${NS}.Reports()`, { $filter: `component eq 'Jobs'` }));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="AuditLogs\.csv"/);
    const lines = (await res.text()).trim().split('\r\n');
    assert.equal(lines[0], 'ExecutionTime,UserName,Component,Action,ServiceName,MethodName');
    assert.match(lines[1]!, /,developer,Jobs,Create,Jobs,StartJobs$/);
    const none = await admin.raw(odata(`AuditLogs/${NS}.Reports()`, { $filter: `Component eq 'Nothing'` }));
    assert.equal((await none.text()).trim().split('\r\n').length, 1, 'only the header line');
    const viewer = await Api.as(sandbox(), 'outsider');
    assert.equal((await viewer.get(odata(`AuditLogs/${NS}.Reports()`))).status, 403);
  });

  it('answers the entities an audit entry touched with GetAuditLogDetails(auditLogId=<id>)', async () => {
    const entry = (await admin.get(odata('AuditLogs'))).body.value[0];
    const details = await admin.get(odata(`AuditLogs/${NS}.GetAuditLogDetails(auditLogId=${entry.Id})`));
    assert.equal(details.status, 200);
    assert.deepEqual(Object.keys(details.body.value[0]).sort(), [
      'Action',
      'AuditLogId',
      'CustomData',
      'EntityId',
      'EntityName',
      'Id',
    ]);
    assert.equal(details.body.value[0].AuditLogId, entry.Id);
    assert.equal((await admin.get(odata(`AuditLogs/${NS}.GetAuditLogDetails(auditLogId=999999)`))).status, 404);
    assert.equal((await admin.get(odata(`AuditLogs/${NS}.GetAuditLogDetails(auditLogId='x')`))).status, 400);
  });

  it('replaces a role with PUT Roles(<id>), for Roles.Edit holders, never a static role', async () => {
    const roles = (await admin.get(odata('Roles'))).body.value as { Id: number; Name: string; IsEditable: boolean }[];
    const editable = roles.find((r) => r.IsEditable)!;
    const put = await admin.call(odata(`Roles(${editable.Id})`), {
      method: 'PUT',
      body: { name: 'Reviewer', DisplayName: 'Reviewer', Permissions: [{ Name: 'Jobs.View', IsGranted: true }] },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual([put.body.Name, put.body.DisplayName], ['Reviewer', 'Reviewer']);
    assert.equal((await admin.get(odata(`Roles(${editable.Id})`))).body.Name, 'Reviewer');
    const developer = await Api.as(sandbox(), 'developer');
    const refused = await developer.call(odata(`Roles(${editable.Id})`), { method: 'PUT', body: { Name: 'X' } });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /Roles\.Edit/);
    const fixed = roles.find((r) => !r.IsEditable)!;
    assert.equal((await admin.call(odata(`Roles(${fixed.Id})`), { method: 'PUT', body: { Name: 'Y' } })).status, 409);
    const clash = roles.find((r) => r.IsEditable && r.Id !== editable.Id)!;
    assert.equal(
      (await admin.call(odata(`Roles(${clash.Id})`), { method: 'PUT', body: { Name: 'reviewer' } })).status,
      409,
    );
    const badPermission = await admin.call(odata(`Roles(${editable.Id})`), {
      method: 'PUT',
      body: { Name: 'Reviewer', Permissions: [{ Name: 'Nope.View', IsGranted: true }] },
    });
    assert.equal(badPermission.status, 400);
    assert.equal((await admin.call(odata('Roles(999999)'), { method: 'PUT', body: { Name: 'Z' } })).status, 404);
  });

  it('changes only the properties sent with PATCH Users(<id>), never the roles, for Users.Edit holders', async () => {
    const patched = await admin.call(odata('Users(3)'), {
      method: 'PATCH',
      body: { surname: 'Patched', IsActive: false },
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    const user = (await admin.get(odata('Users(3)'))).body;
    assert.deepEqual([user.Surname, user.IsActive, user.Name], ['Patched', false, 'Vi']);
    const roles = await admin.call(odata('Users(3)'), { method: 'PATCH', body: { RolesList: ['Administrator'] } });
    assert.equal(roles.status, 400);
    assert.match(roles.body.message, /AssignRoles/);
    assert.equal((await admin.call(odata('Users(3)'), { method: 'PATCH', body: { Nickname: 'x' } })).status, 400);
    const viewer = await Api.as(sandbox(), 'viewer');
    assert.equal((await viewer.call(odata('Users(3)'), { method: 'PATCH', body: { Surname: 'Me' } })).status, 403);
    assert.equal((await admin.call(odata('Users(999999)'), { method: 'PATCH', body: { Surname: 'Z' } })).status, 404);
  });

  it('serves SetTransactionProgress under {qns} and, for older clients, under {ns}', async () => {
    const folders = Object.fromEntries(
      (await admin.get(odata('Folders'))).body.value.map((f: { DisplayName: string; Id: number }) => [
        f.DisplayName,
        f.Id,
      ]),
    );
    const itemId = (await admin.get(odata('QueueItems', { $top: '1' }), { folderId: folders.Invoices })).body.value[0]
      .Id;
    for (const [namespace, progress] of [
      [QNS, 'in qns'],
      [NS, 'in ns'],
    ])
      assert.equal(
        (
          await admin.post(
            odata(`QueueItems(${itemId})/${namespace}.SetTransactionProgress`),
            { progress },
            { folderId: folders.Invoices },
          )
        ).status,
        200,
        namespace,
      );
    assert.equal(
      (await admin.get(odata(`QueueItems(${itemId})`), { folderId: folders.Invoices })).body.Progress,
      'in ns',
    );
  });
});
