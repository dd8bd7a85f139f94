import assert from 'node:assert/strict';
import { Api, NS, odata, signInWithFolders, useSandbox } from './helpers';

const PASSWORD = 'pa55-only-for-the-service';

/** POST, PUT and DELETE Assets as the spec and the service's documentation have them (README, "Assets"). */
describe('assets: create, replace, delete', () => {
  const sandbox = useSandbox();
  let admin: Api;
  let developer: Api;
  let viewer: Api;
  let folders: Record<string, number>;
  let robots: { Id: number; Name: string; LicenseKey: string }[];
  const inShared = () => ({ folderId: folders.Shared });
  const put = (as: Api, id: number, body: unknown) =>
    as.call(odata(`Assets(${id})`), { method: 'PUT', body, ...inShared() });
  const remove = (as: Api, id: number) => as.call(odata(`Assets(${id})`), { method: 'DELETE', ...inShared() });
  const read = (id: number, query: Record<string, string> = {}) => admin.get(odata(`Assets(${id})`, query), inShared());

  before(async () => {
    ({ api: admin, folders } = await signInWithFolders(sandbox(), 'admin'));
    developer = await Api.as(sandbox(), 'developer');
    viewer = await Api.as(sandbox(), 'viewer');
    robots = (await admin.get(odata('Robots', { $filter: 'LicenseKey ne null', $top: '2' }), inShared())).body.value;
  });

  it('creates, replaces and deletes a global asset of each type; the value reads back in its type', async () => {
    const cases = [
      [{ ValueType: 'Text', StringValue: 'hello' }, { ValueType: 'Text', StringValue: 'bye' }, 'StringValue', 'bye'],
      [{ ValueType: 'Integer', IntValue: 5 }, { ValueType: 'Integer', IntValue: -2147483648 }, 'IntValue', -2147483648],
      [{ ValueType: 'Bool', BoolValue: true }, { ValueType: 'Bool', BoolValue: false }, 'BoolValue', false],
    ] as const;
    for (const [first, second, field, expected] of cases) {
      const created = await admin.post(odata('Assets'), { Name: `Cycle${first.ValueType}`, ...first }, inShared());
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.ValueScope, 'Global');
      const id = created.body.Id as number;
      const replaced = await put(admin, id, { Id: id, Name: `Cycle${first.ValueType}2`, ...second });
      assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
      const now = await read(id);
      assert.deepEqual([now.body.Name, now.body[field]], [`Cycle${first.ValueType}2`, expected]);
      assert.equal((await remove(admin, id)).status, 204);
      assert.equal((await read(id)).status, 404);
    }
  });

  it('keeps a credential password from every read; a PUT without one keeps it, a PUT with one replaces it', async () => {
    const created = await admin.post(
      odata('Assets'),
      {
        Name: 'Mailbox',
        ValueType: 'Credential',
        CredentialUsername: 'bot@example.test',
        CredentialPassword: PASSWORD,
      },
      inShared(),
    );
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.Id as number;
    const robotRead = (robotKey: string) =>
      admin.post(odata(`Assets/${NS}.GetRobotAssetByNameForRobotKey`), { robotKey, assetName: 'Mailbox' }, inShared());
    const reads = [
      created,
      await read(id),
      await admin.get(odata('Assets', { $filter: "Name eq 'Mailbox'" }), inShared()),
      await admin.get(
        odata(`Assets/${NS}.GetRobotAssetByRobotId(robotId=${robots[0]!.Id},assetName='Mailbox')`),
        inShared(),
      ),
    ];
    for (const r of reads) assert.ok(!JSON.stringify(r.body).includes(PASSWORD), JSON.stringify(r.body));
    assert.equal((await read(id)).body.CredentialPassword, null);
    assert.equal((await read(id)).body.CredentialUsername, 'bot@example.test');
    // Only a robot, by its key, reads the password: the one kept by a PUT without it, then the new one.
    const kept = await put(admin, id, { Id: id, Name: 'Mailbox', ValueType: 'Credential', CredentialUsername: 'b2' });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.equal((await robotRead(robots[0]!.LicenseKey)).body.CredentialPassword, PASSWORD);
    await put(admin, id, {
      Name: 'Mailbox',
      ValueType: 'Credential',
      CredentialUsername: 'b2',
      CredentialPassword: 'n',
    });
    assert.equal((await robotRead(robots[0]!.LicenseKey)).body.CredentialPassword, 'n');
    const noPassword = await admin.post(
      odata('Assets'),
      { Name: 'NoPassword', ValueType: 'Credential', CredentialUsername: 'x' },
      inShared(),
    );
    assert.equal(noPassword.status, 400);
    assert.match(noPassword.body.message, /CredentialPassword' is required/);
    await remove(admin, id);
  });

  it('keeps a value per robot (RobotValues): read back by $expand without passwords, and by each robot', async () => {
    const [first, second] = robots;
    const created = await admin.post(
      odata('Assets'),
      {
        Name: 'PerRobotLogin',
        ValueScope: 'PerRobot',
        ValueType: 'Credential',
        RobotValues: [
          { RobotId: first!.Id, CredentialUsername: 'one', CredentialPassword: PASSWORD },
          { RobotId: second!.Id, ValueType: 'Credential', CredentialUsername: 'two', CredentialPassword: 'p2' },
        ],
      },
      inShared(),
    );
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.Id as number;
    const expanded = await read(id, { $expand: 'RobotValues' });
    assert.deepEqual(
      expanded.body.RobotValues.map((v: Record<string, unknown>) => [v.RobotId, v.RobotName, v.CredentialUsername]),
      [
        [first!.Id, first!.Name, 'one'],
        [second!.Id, second!.Name, 'two'],
      ],
    );
    assert.ok(!JSON.stringify(expanded.body).includes(PASSWORD));
    assert.equal((await read(id)).body.RobotValues, undefined, 'only when expanded');
    const byRobot = await admin.get(
      odata(`Assets/${NS}.GetRobotAssetByRobotId(robotId=${second!.Id},assetName='PerRobotLogin')`),
      inShared(),
    );
    assert.deepEqual([byRobot.body.CredentialUsername, byRobot.body.CredentialPassword], ['two', null]);
    // A PUT replaces the robot values; a credential sent without a password keeps that robot's.
    const replaced = await put(admin, id, {
      Id: id,
      Name: 'PerRobotLogin',
      ValueScope: 'PerRobot',
      ValueType: 'Credential',
      RobotValues: [{ RobotId: first!.Id, CredentialUsername: 'one-b' }],
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    const robotRead = await admin.post(
      odata(`Assets/${NS}.GetRobotAssetByNameForRobotKey`),
      { robotKey: first!.LicenseKey, assetName: 'PerRobotLogin' },
      inShared(),
    );
    assert.deepEqual([robotRead.body.CredentialUsername, robotRead.body.CredentialPassword], ['one-b', PASSWORD]);
    assert.equal((await read(id, { $expand: 'RobotValues' })).body.RobotValues.length, 1);
    await remove(admin, id);
  });

  it('refuses what the service refuses, naming the field, and changes nothing', async () => {
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ['no name', { Name: ' ', ValueType: 'Text', StringValue: 'x' }, /'Name' must be a non-empty string/],
      ['long name', { Name: 'n'.repeat(129), ValueType: 'Text' }, /'Name' must be at most 128/],
      ['control in name', { Name: 'a\nb', ValueType: 'Text' }, /control characters/],
      ['type', { Name: 'T', ValueType: 'Money' }, /ValueType must be one of/],
      ['scope', { Name: 'T', ValueType: 'Text', ValueScope: 'Machine' }, /ValueScope must be/],
      ['int range', { Name: 'T', ValueType: 'Integer', IntValue: 2147483648 }, /32-bit integer/],
      ['int type', { Name: 'T', ValueType: 'Integer', IntValue: '5' }, /'IntValue' must be an integer/],
      ['bool', { Name: 'T', ValueType: 'Bool' }, /'BoolValue' must be true or false/],
      ['text size', { Name: 'T', ValueType: 'Text', StringValue: 'x'.repeat(1_000_001) }, /at most 1000000/],
      ['robot values on global', { Name: 'T', ValueType: 'Text', RobotValues: [] }, /PerRobot assets only/],
      [
        'unknown robot',
        { Name: 'T', ValueScope: 'PerRobot', ValueType: 'Text', RobotValues: [{ RobotId: 999999 }] },
        /RobotValues\[0\]\.RobotId' must name a robot/,
      ],
      [
        'robot value type',
        {
          Name: 'T',
          ValueScope: 'PerRobot',
          ValueType: 'Text',
          RobotValues: [{ RobotId: robots[0]!.Id, ValueType: 'Bool' }],
        },
        /but the asset is of type Text/,
      ],
    ];
    const before = (await admin.get(odata('Assets', { $count: 'true' }), inShared())).body['@odata.count'];
    for (const [what, body, message] of bad) {
      const res = await admin.post(odata('Assets'), body, inShared());
      assert.equal(res.status, 400, what);
      assert.match(res.body.message, message, what);
    }
    assert.equal((await admin.get(odata('Assets', { $count: 'true' }), inShared())).body['@odata.count'], before);
    const duplicate = await admin.post(odata('Assets'), { Name: 'portalurl', ValueType: 'Text' }, inShared());
    assert.equal(duplicate.status, 409, 'names are unique in a folder, whatever their case');
    const other = await admin.post(odata('Assets'), { Name: 'Other', ValueType: 'Text' }, inShared());
    const renamed = await put(admin, other.body.Id, { Name: 'PortalUrl', ValueType: 'Text' });
    assert.equal(renamed.status, 409, 'a PUT cannot take another asset’s name');
    const wrongId = await put(admin, other.body.Id, { Id: other.body.Id + 1, Name: 'Other', ValueType: 'Text' });
    assert.equal(wrongId.status, 400);
    assert.equal((await put(admin, 999999, { Name: 'Gone', ValueType: 'Text' })).status, 404);
    await remove(admin, other.body.Id);
  });

  it('asks Assets.Create, Assets.Edit and Assets.Delete', async () => {
    const created = await admin.post(odata('Assets'), { Name: 'Permissions', ValueType: 'Text' }, inShared());
    const id = created.body.Id as number;
    const body = { Name: 'Permissions', ValueType: 'Text', StringValue: 'x' };
    assert.equal((await developer.post(odata('Assets'), { ...body, Name: 'Dev' }, inShared())).status, 403);
    assert.equal((await viewer.call(odata(`Assets(${id})`), { method: 'PUT', body, ...inShared() })).status, 403);
    assert.equal((await put(developer, id, body)).status, 200, 'the developer has Assets.Edit');
    assert.equal((await remove(developer, id)).status, 403);
    assert.equal((await remove(admin, id)).status, 204);
  });
});
