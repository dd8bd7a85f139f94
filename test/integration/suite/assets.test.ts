// Issue 32, item 3: assets you can change. Create, edit and delete from the Assets rows as a user does it, counting
// what reaches the service; a credential's password goes to the service and nowhere else.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import type { Connection } from '../../../src/core/connections';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { secretLeaks } from './secretScan';
import { activateSignedIn, faults, lastError, treeWalk } from './treeWalk';

const PASSWORD = `Pw-${Date.now()}-never-shown`;
const SECOND_PASSWORD = `Pw2-${Date.now()}-never-shown`;

describe('Assets you can change (issue 32)', () => {
  let ctx: Ctx;
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const byLabel = (label: string) => ctx.connections.all().find((c) => c.label === label)!;
  const admin = () => byLabel('Sandbox admin');
  const { label, children, child } = treeWalk(() => ctx.explorer);
  const errors: string[] = [];
  let original: unknown[];
  let folder: { id: number };

  /** The Shared folder's Assets row of a connection, walked from the root. */
  const assetsRow = async (connection = 'Sandbox admin') =>
    child(await child(await child(undefined, connection), 'Shared'), 'Assets');
  const assetRow = async (name: string) => child(await assetsRow(), name);
  /** Runs a command with the script, and what it sent: every change request, and the GETs of asset paths. */
  async function run(command: string, arg: unknown, script: Answer[], connection: Connection = admin()) {
    const transport = ctx.clientFor(connection).transport;
    const mark = transport.sent;
    const errorBefore = lastError(ctx);
    const outcome = await answering(ctx, script, () => vscode.commands.executeCommand<number>(command, arg));
    const count = transport.sent - mark;
    const fresh = count > 0 ? transport.recent.slice(-count) : [];
    const changes = fresh.filter((r) => !r.startsWith('GET ') || /\/odata\/Assets\(\d+\)/.test(r));
    // The failure this run notified, if any (each refusal below words its own command and asset).
    const error = lastError(ctx) === errorBefore ? '' : lastError(ctx);
    errors.push(error);
    return { ...outcome, changes: changes.map((r) => r.replace(/\?.*$/, '').replace(/\(\d+\)/, '(id)')), error };
  }

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox admin');
    await ctx.auth.createSession([`connection:${byLabel('Sandbox').id}`]);
    original = config().get<unknown[]>('connections')!;
    const shared = (await ctx.clientFor(admin()).folders.list()).items.find((f) => f.DisplayName === 'Shared')!;
    folder = { id: shared.Id };
  });

  after(async () => {
    await config().update('connections', original, vscode.ConfigurationTarget.Global);
    // The suites after this one start signed out (connections.test.ts checks the signed-out palette).
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  const cases = [
    { type: 'Text', first: 'hello', second: 'bye', field: 'StringValue', read: (v: string) => v },
    { type: 'Integer', first: '42', second: '-7', field: 'IntValue', read: Number },
    { type: 'Boolean', first: 'True', second: 'False', field: 'BoolValue', read: (v: string) => v === 'True' },
  ] as const;
  for (const c of cases) {
    it(`creates, edits and deletes an asset of type ${c.type} from the Assets rows: one request to each step`, async function () {
      this.timeout(60_000);
      const name = `Round${c.type}${Date.now()}`;
      const value = (v: string): Answer =>
        c.type === 'Boolean' ? { title: /: true or false$/, pick: v } : { title: /: (text|whole number)$/, answer: v };
      const created = await run(CommandId.createAsset, await assetsRow(), [
        { title: 'Create Asset in Shared: name', answer: 'n'.repeat(129), refused: /At most 128 characters/ },
        { title: 'Create Asset in Shared: name', answer: name },
        { title: 'Create Asset in Shared: type', pick: c.type },
        { title: 'Create Asset in Shared: scope', pick: 'Global' },
        ...(c.type === 'Integer'
          ? [{ title: /whole number$/, answer: '2147483648', refused: /whole number from/ }]
          : []),
        value(c.first),
      ]);
      assert.equal(created.error, '');
      assert.deepEqual(created.changes, ['POST /odata/Assets']);
      const client = ctx.clientFor(admin()).assets;
      assert.equal((await client.get(created.result!, { folder }))[c.field], c.read(c.first));
      const edited = await run(CommandId.editAsset, await assetRow(name), [
        { title: `Edit Asset '${name}': name`, answer: `${name}B` },
        value(c.second),
      ]);
      assert.equal(edited.error, '');
      assert.deepEqual(edited.changes, ['GET /odata/Assets(id)', 'PUT /odata/Assets(id)'], 'read fresh, then one PUT');
      const now = await client.get(created.result!, { folder });
      assert.deepEqual([now.Name, now[c.field]], [`${name}B`, c.read(c.second)]);
      const deleted = await run(CommandId.deleteAsset, await assetRow(`${name}B`), [
        { title: `Delete asset '${name}B' from Shared?`, choose: 'Delete' },
      ]);
      assert.equal(deleted.error, '');
      assert.deepEqual(deleted.changes, ['DELETE /odata/Assets(id)']);
      assert.ok(!(await children(await assetsRow())).map(label).includes(`${name}B`), 'the Assets row reloaded');
    });
  }

  it('a credential: the password in a password box, kept when left empty, and found in no log, document, setting or message', async function () {
    this.timeout(60_000);
    const name = `Mailbox${Date.now()}`;
    // From the palette: the connection and the folder are asked first.
    const created = await run(CommandId.createAsset, undefined, [
      { title: 'Create Asset: connection', pick: 'Sandbox admin' },
      { title: 'Create Asset: folder', pick: 'Shared' },
      { title: 'Create Asset in Shared: name', answer: name },
      { title: 'Create Asset in Shared: type', pick: 'Credential' },
      { title: 'Create Asset in Shared: scope', pick: 'Global' },
      { title: 'Create Asset in Shared: user name', answer: 'bot@example.test' },
      { title: 'Create Asset in Shared: password', answer: '', refused: /Enter the password/ },
      { title: 'Create Asset in Shared: password', answer: PASSWORD },
    ]);
    assert.equal(created.error, '');
    const box = created.asked.find((a) => a.title.endsWith(': password'))!;
    assert.deepEqual([box.password, box.value ?? ''], [true, ''], 'a password box, empty');
    assert.deepEqual(created.changes, ['POST /odata/Assets']);
    const edited = await run(CommandId.editAsset, await assetRow(name), [
      { title: `Edit Asset '${name}': name`, enter: true },
      { title: `Edit Asset '${name}': user name`, answer: 'bot2@example.test' },
      { title: `Edit Asset '${name}': password`, answer: '' },
    ]);
    assert.equal(edited.error, '');
    const editBox = edited.asked.find((a) => a.title.endsWith(': password'))!;
    assert.deepEqual([editBox.password, editBox.value ?? ''], [true, ''], 'the stored password is never filled in');
    assert.match(editBox.prompt ?? '', /Leave empty to keep/);
    // A refusal the service words after seeing the body: the name of another asset (409), explained.
    const clash = await run(CommandId.editAsset, await assetRow(name), [
      { title: `Edit Asset '${name}': name`, answer: 'PortalUrl' },
      { title: `Edit Asset '${name}': user name`, enter: true },
      { title: `Edit Asset '${name}': password`, answer: SECOND_PASSWORD },
    ]);
    assert.match(clash.error, /Not done: An asset named 'PortalUrl' already exists/);
    const asset = await ctx.clientFor(admin()).assets.get(created.result!, { folder });
    assert.deepEqual([asset.CredentialUsername, asset.Name], ['bot2@example.test', name]);
    await run(CommandId.deleteAsset, await assetRow(name), [{ title: /^Delete asset/, choose: 'Delete' }]);
    for (const secret of [PASSWORD, SECOND_PASSWORD]) assert.equal(secretLeaks(ctx, secret, errors), '', secret);
  });

  it('a per-robot asset: a value for each robot chosen, read back and changed for one robot', async function () {
    this.timeout(60_000);
    const name = `PerRobot${Date.now()}`;
    // The pick lists robots by name; the service keeps their values by robot.
    const robots = (await ctx.clientFor(admin()).robots.list({ folder, query: { orderBy: [{ path: 'Name' }] } })).items;
    assert.ok(robots.length >= 2, 'two robots in Shared');
    const [one, two] = robots.map((r) => r.Name);
    const created = await run(CommandId.createAsset, await assetsRow(), [
      { title: 'Create Asset in Shared: name', answer: name },
      { title: 'Create Asset in Shared: type', pick: 'Text' },
      { title: 'Create Asset in Shared: scope', pick: 'Per robot' },
      { title: 'Create Asset in Shared: robots', pick: [one!, two!] },
      { title: `Create Asset in Shared: text for ${one}`, answer: 'first' },
      { title: `Create Asset in Shared: text for ${two}`, answer: 'second' },
    ]);
    assert.equal(created.error, '');
    assert.deepEqual(created.changes, ['POST /odata/Assets']);
    const client = ctx.clientFor(admin()).assets;
    const values = async () =>
      ((await client.readWithRobotValues(created.result!, { folder })).RobotValues ?? [])
        .map((v) => [v.RobotName, v.StringValue])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    assert.deepEqual(await values(), [
      [one, 'first'],
      [two, 'second'],
    ]);
    const edited = await run(CommandId.editAsset, await assetRow(name), [
      { title: `Edit Asset '${name}': name`, enter: true },
      { title: `Edit Asset '${name}': robots`, pick: [two!] },
      { title: `Edit Asset '${name}': text for ${two}`, answer: 'changed' },
    ]);
    assert.equal(edited.error, '');
    const textBox = edited.asked.find((a) => a.title.endsWith(`text for ${two}`))!;
    assert.equal(textBox.value, 'second', 'the robot’s current value filled in');
    assert.deepEqual(await values(), [[two, 'changed']]);
    await run(CommandId.deleteAsset, await assetRow(name), [{ title: /^Delete asset/, choose: 'Delete' }]);
  });

  it('refuses on a read-only connection with 0 requests, and names the permission the service wants', async function () {
    this.timeout(60_000);
    const row = await assetRow('PortalUrl');
    await config().update(
      'connections',
      config()
        .get<Record<string, unknown>[]>('connections')!
        .map((c) => (c.label === 'Sandbox admin' ? { ...c, protection: 'readOnly' } : c)),
      vscode.ConfigurationTarget.Global,
    );
    for (const [command, arg] of [
      [CommandId.createAsset, await assetsRow()],
      [CommandId.editAsset, row],
      [CommandId.deleteAsset, row],
    ] as const) {
      const refused = await run(command, arg, []);
      assert.match(refused.error, /Sandbox admin is read-only/, command);
      assert.deepEqual(refused.changes, [], `${command}: nothing sent`);
      assert.equal(refused.asked.length, 0, `${command}: nothing asked`);
    }
    await config().update('connections', original, vscode.ConfigurationTarget.Global);
    // The developer may edit assets but not create or delete them: the service's 403, in words naming the permission.
    const developer = byLabel('Sandbox');
    const forbidden = await run(
      CommandId.createAsset,
      await child(await child(await child(undefined, 'Sandbox'), 'Shared'), 'Assets'),
      [
        { title: 'Create Asset in Shared: name', answer: `Forbidden${Date.now()}` },
        { title: 'Create Asset in Shared: type', pick: 'Text' },
        { title: 'Create Asset in Shared: scope', pick: 'Global' },
        { title: /: text$/, answer: 'x' },
      ],
      developer,
    );
    assert.match(forbidden.error, /needs the Assets\.Create permission in folder Shared/);
    assert.deepEqual(forbidden.changes, ['POST /odata/Assets'], 'sent once, not repeated');
  });

  it('explains an asset deleted meanwhile (404) and reloads the list', async function () {
    this.timeout(60_000);
    const name = `Gone${Date.now()}`;
    const id = (
      await ctx.clientFor(admin()).assets.create({ Name: name, ValueType: 'Text', StringValue: 'x' }, { folder })
    ).Id;
    ctx.explorer.refreshRows((await assetsRow()).id);
    const row: TreeNode = await assetRow(name);
    await ctx.clientFor(admin()).assets.delete(id, { folder });
    const edited = await run(CommandId.editAsset, row, []);
    assert.match(edited.error, new RegExp(`Asset '${name}' is no longer in folder Shared: someone deleted it`));
    assert.deepEqual(edited.changes, ['GET /odata/Assets(id)'], 'no PUT after the fresh read found nothing');
    const deleted = await run(CommandId.deleteAsset, row, [{ title: /^Delete asset/, choose: 'Delete' }]);
    assert.match(deleted.error, /no longer in folder Shared/);
  });

  it('explains a change made meanwhile (412): nothing saved, sent once, the list reloaded', async function () {
    this.timeout(60_000);
    const name = `Raced${Date.now()}`;
    const client = ctx.clientFor(admin()).assets;
    const id = (await client.create({ Name: name, ValueType: 'Text', StringValue: 'before' }, { folder })).Id;
    ctx.explorer.refreshRows((await assetsRow()).id);
    const description = async () => (await assetRow(name)).item().description;
    assert.equal(await description(), 'Text · before');
    // Another user changes it; a service that checks versions refuses our PUT over that change (not processed).
    await client.replace(id, { Name: name, ValueType: 'Text', StringValue: 'theirs' }, { folder });
    await faults([{ path: `*/odata/Assets(${id})`, methods: ['PUT'], status: 412, times: 1 }]);
    const edit = async () =>
      run(CommandId.editAsset, await assetRow(name), [
        { title: `Edit Asset '${name}': name`, answer: name },
        { title: /: text$/, answer: 'mine' },
      ]);
    try {
      const refused = await edit();
      assert.match(
        refused.error,
        new RegExp(`Asset '${name}' was changed at the service after it was read\\. Nothing`),
      );
      assert.deepEqual(refused.changes, ['GET /odata/Assets(id)', 'PUT /odata/Assets(id)'], 'one PUT, not repeated');
      assert.equal((await client.get(id, { folder })).StringValue, 'theirs');
      assert.equal(await description(), 'Text · theirs', 'the Assets row reloaded');
      // Run again, it starts from what the service holds now and saves.
      const again = await edit();
      assert.equal(again.error, '');
      assert.equal((await client.get(id, { folder })).StringValue, 'mine');
    } finally {
      await faults([]);
      await client.delete(id, { folder });
    }
  });
});
