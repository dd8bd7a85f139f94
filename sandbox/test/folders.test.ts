import assert from 'node:assert/strict';
import { Api, encodeFolderPath, folderIds, odata, useSandbox } from './helpers';

describe('folder scoping, permissions and errors', () => {
  const sandbox = useSandbox();
  let admin: Api;
  let developer: Api;
  let folders: Record<string, number>;
  before(async () => {
    admin = await Api.as(sandbox(), 'admin');
    developer = await Api.as(sandbox(), 'developer');
    folders = await folderIds(admin);
  });

  it('accepts the folder by id, by plain path and by Base64 UTF-16LE path, with the same result', async () => {
    const byId = await developer.get(odata('QueueDefinitions'), { folderId: folders.Invoices });
    const byPath = await developer.get(odata('QueueDefinitions'), { folderPath: 'Shared/Finance/Invoices' });
    const byEncoded = await developer.get(odata('QueueDefinitions'), {
      encodedFolderPath: encodeFolderPath('Shared/Finance/Invoices'),
    });
    assert.equal(byId.status, 200);
    assert.deepEqual(byPath.body.value, byId.body.value);
    assert.deepEqual(byEncoded.body.value, byId.body.value);
    assert.equal(byId.body.value[0].Name, 'InvoicesToProcess');
  });

  it('finds a folder whose path has non-ASCII characters through the encoded header', async () => {
    const path = 'Ünïcode Ørders — 東京';
    const res = await developer.get(odata('QueueDefinitions'), { encodedFolderPath: encodeFolderPath(path) });
    assert.equal(res.status, 200);
    assert.equal(res.body.value[0].Name, 'Bestellungen');
    // The same header with UTF-8 bytes instead of UTF-16LE names no folder.
    const wrongEncoding = await developer.get(odata('QueueDefinitions'), {
      encodedFolderPath: Buffer.from(path, 'utf8').toString('base64'),
    });
    assert.notEqual(wrongEncoding.status, 200);
  });

  it('answers 400 with error code 1101 when a folder-scoped request has no folder', async () => {
    for (const set of ['QueueItems', 'RobotLogs', 'Environments', 'QueueItemEvents']) {
      const res = await developer.get(odata(set));
      assert.equal(res.status, 400, set);
      assert.equal(res.body.errorCode, 1101, set);
    }
  });

  it('answers 404 for an unknown folder and 400 for malformed or disagreeing headers', async () => {
    assert.equal((await developer.get(odata('Jobs'), { folderId: 999999 })).status, 404);
    assert.equal((await developer.get(odata('Jobs'), { folderPath: 'No/Such/Folder' })).status, 404);
    assert.equal(
      (await developer.get(odata('Jobs'), { headers: { 'X-VENDOR-OrganizationUnitId': 'abc' } })).status,
      400,
    );
    assert.equal((await developer.get(odata('Jobs'), { encodedFolderPath: '***' })).status, 400);
    assert.equal(
      (await developer.get(odata('Jobs'), { folderId: folders.HR, folderPath: 'Shared/Finance' })).status,
      400,
    );
  });

  it('answers 403 for a folder the user may not use, and hides it from listings', async () => {
    const restricted = folders.Restricted!;
    const res = await developer.get(odata('Jobs'), { folderId: restricted });
    assert.equal(res.status, 403);
    assert.equal(res.body.errorCode, 1103);
    const devFolders = await folderIds(developer);
    assert.equal(devFolders.Restricted, undefined);
    assert.equal((await admin.get(odata('Jobs'), { folderId: restricted })).status, 200);
    const outsider = await Api.as(sandbox(), 'outsider');
    assert.equal((await outsider.get(odata('Jobs'), { folderId: folders.Shared })).status, 403);
    assert.deepEqual((await outsider.get(odata('Permissions'))).body.value, []);
  });

  it('marks personal workspaces and only shows a workspace to its owner', async () => {
    const list = (await developer.get(odata('Folders'))).body.value;
    const personal = list.filter((f: { FolderType: string }) => f.FolderType === 'Personal');
    assert.equal(personal.length, 1);
    assert.match(personal[0].DisplayName, /Dev Eloper/);
  });

  it('answers 403 naming the missing permission', async () => {
    const viewer = await Api.as(sandbox(), 'viewer');
    const release = (await viewer.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
    const res = await viewer.post(
      odata(`Jobs/Vendor.Server.Configuration.OData.StartJobs`),
      { startInfo: { ReleaseKey: release.Key, Strategy: 'ModernJobsCount', NoOfRobots: 1 } },
      { folderId: folders.Shared },
    );
    assert.equal(res.status, 403);
    assert.match(res.body.message, /Jobs\.Create/);
  });

  it('answers 401 without a token or with a bad one, with WWW-Authenticate', async () => {
    for (const token of [null, 'garbage']) {
      const res = await developer.get(odata('Folders'), { token });
      assert.equal(res.status, 401);
      assert.equal(res.body.errorCode, 1015);
      assert.ok(res.headers.get('www-authenticate'));
    }
  });

  it('answers 404 for unknown entities, sets, operations and namespaces; 405 for wrong methods', async () => {
    assert.equal((await developer.get(odata('Releases(999999)'), { folderId: folders.Shared })).status, 404);
    assert.equal((await developer.get(odata('Nonsense'))).status, 404);
    assert.equal((await developer.get(odata('Processes/Vendor.Server.Configuration.OData.Frobnicate()'))).status, 404);
    const wrongNs = await developer.get(odata(`Processes/Other.Namespace.GetArguments(key='x')`));
    assert.equal(wrongNs.status, 404);
    assert.match(wrongNs.body.message, /namespace/);
    assert.equal((await developer.call(odata('Folders'), { method: 'PATCH', body: {} })).status, 405);
  });

  it('keeps host-administrator operations to host administrators', async () => {
    const res = await developer.get(odata('Tenants'));
    assert.equal(res.status, 403);
    assert.equal(res.body.errorCode, 1104);
    const tenants = await admin.get(odata('Tenants', { $filter: 'IsActive eq true' }));
    assert.deepEqual(
      tenants.body.value.map((t: { Name: string }) => t.Name),
      ['main', 'staging'],
    );
    assert.equal(tenants.body.value[0].AdminPassword, null);
    const staging = tenants.body.value[1].Id;
    assert.equal(
      (
        await admin.post(odata('Tenants/Vendor.Server.Configuration.OData.SetActive'), {
          tenantIds: [staging],
          active: false,
        })
      ).status,
      200,
    );
    const after = await admin.get(odata(`Tenants(${staging})`));
    assert.equal(after.body.IsActive, false);
    assert.equal((await developer.call(odata(`Libraries('Common.Library1')`), { method: 'DELETE' })).status, 403);
    assert.equal(
      (
        await admin.post(odata('Tenants/Vendor.Server.Configuration.OData.SetActive'), {
          tenantIds: [staging],
          active: true,
        })
      ).status,
      200,
    );
  });

  it('navigates folders: context, ancestors, a page of children and their count', async () => {
    const root = await developer.get('/api/FoldersNavigation/GetFolderNavigationContextForCurrentUser');
    assert.equal(root.status, 200);
    assert.ok(root.body.ChildrenPage.some((f: { DisplayName: string }) => f.DisplayName === 'Shared'));
    const invoices = await developer.get(
      `/api/FoldersNavigation/GetFolderNavigationContextForCurrentUser?folderId=${folders.Invoices}`,
    );
    assert.deepEqual(
      invoices.body.Ancestors.map((a: { DisplayName: string }) => a.DisplayName),
      ['Shared', 'Finance'],
    );
    assert.equal(invoices.body.IsPersonal, false);
    const shared = await developer.get(
      `/api/FoldersNavigation/GetFolderNavigationContextForCurrentUser?folderId=${folders.Shared}&take=1`,
    );
    assert.equal(shared.body.ChildrenPage.length, 1);
    assert.equal(shared.body.ChildrenCount, 2, 'Finance and HR; Restricted is hidden from developers');
  });
});
