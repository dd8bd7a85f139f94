import assert from 'node:assert/strict';
import { Api, DIALECTS, odata, signInWithFolders, useSandbox } from './helpers';

/** Queue and asset calls other people's clients make every day, beyond the spec (README), in two dialects. */
for (const d of DIALECTS) {
  describe(`everyday queue and asset calls (${d.name})`, () => {
    const sandbox = useSandbox(d.options);
    let admin: Api;
    let developer: Api;
    let viewer: Api;
    let outsider: Api;
    let folders: Record<string, number>;
    before(async () => {
      ({ api: admin, folders } = await signInWithFolders(sandbox(), 'admin'));
      developer = await Api.as(sandbox(), 'developer');
      viewer = await Api.as(sandbox(), 'viewer');
      outsider = await Api.as(sandbox(), 'outsider');
    });

    it('lists the folder’s assets with Assets/{ns}.GetFiltered and the OData query options', async () => {
      const path = (query: Record<string, string> = {}) => odata(`Assets/${d.ns}.GetFiltered`, query);
      const all = await viewer.get(path(), { folderId: folders.Finance });
      assert.equal(all.status, 200, JSON.stringify(all.body));
      const plain = await viewer.get(odata('Assets'), { folderId: folders.Finance });
      assert.deepEqual(all.body.value, plain.body.value);
      const one = await viewer.get(
        path({ $filter: "name eq 'MaxRetries'", $select: 'Name,IntValue', $count: 'true' }),
        {
          folderId: folders.Finance,
        },
      );
      assert.deepEqual(one.body.value, [{ Name: 'MaxRetries', IntValue: 3 }]);
      assert.equal(one.body['@odata.count'], 1);
      assert.equal((await viewer.get(path())).body.errorCode, 1101, 'a folder is required');
      assert.equal((await viewer.get(path({ $filter: 'Nope eq 1' }), { folderId: folders.Finance })).status, 400);
      assert.equal((await outsider.get(path(), { folderId: folders.Finance })).status, 403);
    });

    it('lists queues and assets across the folders the caller may use, naming each row’s folder', async () => {
      const secret = await admin.post(
        odata('Assets'),
        { Name: 'RestrictedOnly', ValueScope: 'Global', ValueType: 'Text', StringValue: 'admins' },
        { folderId: folders.Restricted },
      );
      assert.equal(secret.status, 200, JSON.stringify(secret.body));
      const assets = (as: Api, query: Record<string, string> = {}) =>
        as.get(odata(`Assets/${d.ns}.GetAssetsAcrossFolders`, query));
      const mine = await developer.get(odata('Assets'));
      const across = await assets(developer, { $orderby: 'Id' });
      assert.equal(across.status, 200, JSON.stringify(across.body));
      assert.deepEqual(
        across.body.value.map((a: { Id: number }) => a.Id),
        mine.body.value.map((a: { Id: number }) => a.Id),
      );
      assert.ok(!across.body.value.some((a: { Name: string }) => a.Name === 'RestrictedOnly'), 'not the developer’s');
      assert.ok((await assets(admin)).body.value.some((a: { Name: string }) => a.Name === 'RestrictedOnly'));
      const row = across.body.value[0];
      assert.equal(typeof row.OrganizationUnitId, 'number');
      assert.match(row.OrganizationUnitFullyQualifiedName, /^Shared/);
      assert.equal(row.CredentialPassword ?? null, null);
      const finance = await assets(developer, { $filter: "OrganizationUnitFullyQualifiedName eq 'Shared/Finance'" });
      assert.ok(finance.body.value.length > 0);
      assert.ok(
        finance.body.value.every((a: { OrganizationUnitId: number }) => a.OrganizationUnitId === folders.Finance),
      );
      const excluded = await developer.get(
        odata(`Assets/${d.ns}.GetAssetsAcrossFolders(excludeFolderId=${folders.Finance})`),
      );
      assert.equal(excluded.body.value.length, across.body.value.length - finance.body.value.length);
      assert.equal(
        (await developer.get(odata(`Assets/${d.ns}.GetAssetsAcrossFolders(excludeFolderId='x')`))).status,
        400,
      );
      assert.equal((await assets(outsider)).status, 403, 'Assets.View');

      const queues = await developer.get(
        odata(`QueueDefinitions/${d.ns}.GetQueuesAcrossFolders`, { $top: '2', $count: 'true', $orderby: 'Name' }),
      );
      assert.equal(queues.status, 200, JSON.stringify(queues.body));
      assert.equal(queues.body.value.length, 2);
      const names = (await developer.get(odata('QueueDefinitions'))).body.value.map((q: { Name: string }) => q.Name);
      assert.equal(queues.body['@odata.count'], names.length);
      assert.deepEqual(
        queues.body.value.map((q: { Name: string }) => q.Name),
        [...names].sort((a, b) => a.localeCompare(b)).slice(0, 2),
      );
      assert.ok(
        queues.body.value.every(
          (q: { OrganizationUnitFullyQualifiedName: string }) => q.OrganizationUnitFullyQualifiedName,
        ),
      );
      const noView = await outsider.get(odata(`QueueDefinitions/${d.ns}.GetQueuesAcrossFolders`));
      assert.equal(noView.status, 403);
    });

    it('starts a transaction with Queues/{qns}.StartTransaction: the next New item by priority, 204 when none', async () => {
      const made = await admin.post(odata('QueueDefinitions'), { Name: `Work-${d.prefix}` }, { folderId: folders.HR });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const queue = made.body.Name as string;
      const add = (item: Record<string, unknown>) =>
        developer.post(
          odata(`Queues/${d.qns}.AddQueueItem`),
          { itemData: { Name: queue, ...item } },
          {
            folderId: folders.HR,
          },
        );
      const low = (await add({ Reference: 'inv-low', Priority: 'Low' })).body;
      const high = (await add({ Reference: 'inv-high', Priority: 'High' })).body;
      await add({ Reference: 'later', Priority: 'High', DeferDate: '2999-01-01T00:00:00Z' });
      const start = (transactionData: Record<string, unknown>, as = developer) =>
        as.post(odata(`Queues/${d.qns}.StartTransaction`), { transactionData }, { folderId: folders.HR });

      const first = await start({ Name: queue });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.Id, high.Id, 'High before Low');
      assert.equal(first.body.Status, 'InProgress');
      assert.ok(first.body.StartProcessing);
      const stored = await developer.get(odata(`QueueItems(${high.Id})`), { folderId: folders.HR });
      assert.equal(stored.body.Status, 'InProgress');
      assert.equal((await start({ Name: queue, Reference: 'inv-x' })).status, 204, 'no reference starts so');
      const second = await start({ Name: queue.toLowerCase(), Reference: 'inv' });
      assert.equal(second.body.Id, low.Id);
      const none = await start({ Name: queue });
      assert.equal(none.status, 204, 'the deferred item is not handed out');
      assert.equal(none.body, '');

      const added = await start({ Name: queue, Reference: 'direct', SpecificContent: { Invoice: 'A-1' } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.equal(added.body.Status, 'InProgress');
      assert.deepEqual(added.body.SpecificContent, { Invoice: 'A-1' });

      assert.equal((await start({ Name: 'NoSuchQueue' })).status, 404);
      assert.match((await start({})).body.message, /transactionData.Name/);
      assert.equal((await start({ Name: queue, RobotIdentifier: 'robot-7' })).status, 400);
      const robotKey = '00000000-0000-4000-8000-000000000000';
      assert.equal((await start({ Name: queue, RobotIdentifier: robotKey })).status, 404);
      assert.equal((await start({ Name: queue, ReferenceFilterOption: 'Contains' })).status, 400);
      assert.equal((await start({ Name: queue }, viewer)).status, 403, 'Transactions.Create and .Edit');
      const wrongNs = await developer.post(
        odata(`Queues/${d.ns}.StartTransaction`),
        { transactionData: { Name: queue } },
        {
          folderId: folders.HR,
        },
      );
      assert.equal(wrongNs.status, 404, 'a queue operation lives in {qns}');
    });

    it('sets an asset by robot key: a per-robot value for that robot only, a global value for all', async () => {
      const robots = (await admin.get(odata('Robots', { $filter: 'LicenseKey ne null', $top: '2' }))).body.value;
      const [mine, other] = robots as { Id: number; LicenseKey: string }[];
      const perRobot = await admin.post(
        odata('Assets'),
        { Name: 'Greeting', ValueScope: 'PerRobot', ValueType: 'Text', StringValue: 'hello' },
        { folderId: folders.Shared },
      );
      assert.equal(perRobot.status, 200, JSON.stringify(perRobot.body));
      const set = (body: unknown, as = developer) =>
        as.post(odata(`Assets/${d.ns}.SetRobotAssetByRobotKey`), body, { folderId: folders.Shared });
      const read = async (robotKey: string, assetName: string) =>
        (
          await developer.post(
            odata(`Assets/${d.ns}.GetRobotAssetByNameForRobotKey`),
            { robotKey, assetName },
            {
              folderId: folders.Shared,
            },
          )
        ).body;

      const done = await set({ robotKey: mine!.LicenseKey, robotAsset: { Name: 'Greeting', StringValue: 'hi robot' } });
      assert.equal(done.status, 204, JSON.stringify(done.body));
      assert.equal((await read(mine!.LicenseKey, 'Greeting')).StringValue, 'hi robot');
      assert.equal((await read(other!.LicenseKey, 'Greeting')).StringValue, 'hello', 'other robots keep the value');
      const byId = await developer.get(
        odata(`Assets/${d.ns}.GetRobotAssetByRobotId(robotId=${mine!.Id},assetName='Greeting')`),
        { folderId: folders.Shared },
      );
      assert.equal(byId.body.StringValue, 'hi robot');

      const global = await set({
        robotKey: mine!.LicenseKey,
        robotAsset: { Name: 'MaxRetries', ValueType: 'Integer', IntValue: 7 },
      });
      assert.equal(global.status, 204);
      const listed = await developer.get(odata('Assets', { $filter: "Name eq 'MaxRetries'" }), {
        folderId: folders.Shared,
      });
      assert.deepEqual([listed.body.value[0].IntValue, listed.body.value[0].Value], [7, '7']);
      assert.equal((await read(other!.LicenseKey, 'MaxRetries')).IntValue, 7);

      const wrongType = await set({
        robotKey: mine!.LicenseKey,
        robotAsset: { Name: 'MaxRetries', ValueType: 'Text' },
      });
      assert.equal(wrongType.status, 400);
      assert.match(wrongType.body.message, /is of type Integer/);
      const badValue = await set({ robotKey: mine!.LicenseKey, robotAsset: { Name: 'MaxRetries', IntValue: 'seven' } });
      assert.equal(badValue.status, 400);
      assert.match(badValue.body.message, /robotAsset: 'IntValue' must be an integer/);
      assert.equal((await set({ robotKey: mine!.LicenseKey, robotAsset: { Name: 'Nope' } })).status, 404);
      assert.equal((await set({ robotKey: 'nobody', robotAsset: { Name: 'Greeting' } })).status, 404);
      assert.equal((await set({ robotKey: mine!.LicenseKey })).status, 400, 'robotAsset is required');
      assert.equal((await set({ robotKey: mine!.LicenseKey, robotAsset: { Name: 'Greeting' } }, viewer)).status, 403);
    });
  });
}
