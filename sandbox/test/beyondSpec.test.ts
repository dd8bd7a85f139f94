import assert from 'node:assert/strict';
import { Api, NS, odata, requiredInputs, signInWithFolders, useSandbox } from './helpers';

/** What real services accept although the spec does not say so, and other clients rely on (README, Beyond the spec). */
describe('beyond the spec', () => {
  const sandbox = useSandbox();
  let developer: Api;
  let admin: Api;
  let folders: Record<string, number>;
  before(async () => {
    // The admin's folder ids: they include Shared/Restricted, which the developer may not use.
    ({ api: admin, folders } = await signInWithFolders(sandbox(), 'admin'));
    developer = await Api.as(sandbox(), 'developer');
  });

  it('matches property names case-insensitively in $filter, $select, $orderby and $expand', async () => {
    const folderId = folders.Invoices;
    const exact = await developer.get(
      odata('QueueDefinitions', { $filter: `Name eq 'InvoicesToProcess'`, $select: 'Id,Name', $orderby: 'Name desc' }),
      { folderId },
    );
    const lower = await developer.get(
      odata('QueueDefinitions', { $filter: `name eq 'InvoicesToProcess'`, $select: 'id,NAME', $orderby: 'nAmE desc' }),
      { folderId },
    );
    assert.equal(lower.status, 200);
    assert.deepEqual(lower.body.value, exact.body.value);
    assert.deepEqual(Object.keys(lower.body.value[0]).sort(), ['Id', 'Name'], 'answered in the declared spelling');
    const jobs = await developer.get(odata('Jobs', { $filter: 'robot/id ne null', $expand: 'robot', $top: '1' }), {
      folderId: folders.Shared,
    });
    assert.equal(jobs.status, 200);
    assert.equal(typeof jobs.body.value[0].Robot.Id, 'number');
    const items = await developer.get(odata('QueueItems', { $filter: `specificcontent/vendor ne null`, $top: '1' }), {
      folderId,
    });
    assert.equal(items.status, 200);
    assert.equal((await developer.get(odata('Jobs', { $filter: `nosuch eq 1` }), { folderId })).status, 400);
  });

  it('reads request bodies case-insensitively, keeping the caller’s own keys as sent', async () => {
    const release = (await developer.get(odata('Releases'), { folderId: folders.Shared })).body.value[0];
    const started = await developer.post(
      odata(`Jobs/${NS}.StartJobs`),
      {
        startinfo: {
          releasekey: release.Key,
          strategy: 'ModernJobsCount',
          inputarguments: JSON.stringify(await requiredInputs(developer, release)),
        },
      },
      { folderId: folders.Shared },
    );
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const added = await developer.post(
      odata('Queues/VendorODataSvc.AddQueueItem'),
      { ITEMDATA: { name: 'NewHires', reference: 'lower-case', specificContent: { employeeName: 'Zoë' } } },
      { folderId: folders.HR },
    );
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.Reference, 'lower-case');
    assert.deepEqual(added.body.SpecificContent, { employeeName: 'Zoë' });
  });

  it('takes the in operator in $filter', async () => {
    const folderId = folders.Shared;
    const all = (await developer.get(odata('Jobs', { $select: 'Id,State' }), { folderId })).body.value as {
      Id: number;
      State: string;
    }[];
    const ids = all.slice(0, 3).map((j) => j.Id);
    const byId = await developer.get(odata('Jobs', { $filter: `Id in (${ids.join(',')})` }), { folderId });
    assert.deepEqual(
      byId.body.value.map((j: { Id: number }) => j.Id),
      ids,
    );
    const states = await developer.get(odata('Jobs', { $filter: `State in ('Successful','faulted')` }), { folderId });
    assert.equal(states.body.value.length, all.filter((j) => ['Successful', 'Faulted'].includes(j.State)).length);
    const negated = await developer.get(odata('Jobs', { $filter: `not (Id in (${ids.join(',')}))` }), { folderId });
    assert.equal(negated.body.value.length, all.length - ids.length);
    assert.equal((await developer.get(odata('Jobs', { $filter: 'Id in (State)' }), { folderId })).status, 400);
  });

  it('reads Releases, Jobs, QueueDefinitions and Assets across every folder the caller may use without a folder header', async () => {
    const restricted = await admin.post(
      odata('QueueDefinitions'),
      { Name: 'AdminsOnly' },
      { folderId: folders.Restricted },
    );
    assert.equal(restricted.status, 200);
    for (const set of ['Releases', 'Jobs', 'QueueDefinitions', 'Assets']) {
      const everywhere = (await developer.get(odata(set, { $top: '1000' }))).body.value as {
        OrganizationUnitId?: number;
      }[];
      const inShared = (await developer.get(odata(set, { $top: '1000' }), { folderId: folders.Shared })).body.value;
      assert.ok(everywhere.length > inShared.length, `${set}: ${everywhere.length} rows across folders`);
    }
    const names = async (api: Api) =>
      ((await api.get(odata('QueueDefinitions'))).body.value as { Name: string }[]).map((q) => q.Name);
    assert.ok(!(await names(developer)).includes('AdminsOnly'), 'not from a folder the developer may not use');
    assert.ok((await names(admin)).includes('AdminsOnly'));
    // Anything else folder-scoped still asks for a folder.
    assert.equal((await developer.get(odata('QueueItems'))).body.errorCode, 1101);
  });

  it('finds a job by its Key across folders with Jobs/{ns}.GetByKey', async () => {
    const job = (await developer.get(odata('Jobs', { $top: '1' }), { folderId: folders.Shared })).body.value[0];
    const found = await developer.get(odata(`Jobs/${NS}.GetByKey(identifier=${job.Key})`));
    assert.equal(found.status, 200);
    assert.equal(found.body.Id, job.Id);
    assert.ok('InputArguments' in found.body, 'with its arguments, as Jobs(<key>)');
    const quoted = await developer.get(odata(`Jobs/${NS}.GetByKey(identifier='${job.Key}')`), { folderId: folders.HR });
    assert.equal(quoted.body.Id, job.Id, 'whatever folder header is sent');
    const unknown = await developer.get(odata(`Jobs/${NS}.GetByKey(identifier=00000000-0000-0000-0000-000000000000)`));
    assert.equal(unknown.status, 404);
    assert.equal((await developer.get(odata(`Jobs/${NS}.GetByKey(identifier='nope')`))).status, 400);
  });

  it('selects a folder by its Key with the FolderKey header, and answers an unknown Key as an unknown id', async () => {
    const folder = (await developer.get(odata(`Folders(${folders.HR})`))).body;
    const byKey = await developer.get(odata('QueueItems', { $top: '5' }), { folderKey: folder.Key });
    const byId = await developer.get(odata('QueueItems', { $top: '5' }), { folderId: folders.HR });
    assert.equal(byKey.status, 200);
    assert.deepEqual(byKey.body.value, byId.body.value);
    const unknownKey = await developer.get(odata('QueueItems'), { folderKey: '00000000-0000-0000-0000-000000000000' });
    const unknownId = await developer.get(odata('QueueItems'), { folderId: 999_999 });
    assert.deepEqual([unknownKey.status, unknownKey.body.errorCode], [unknownId.status, unknownId.body.errorCode]);
    assert.equal((await developer.get(odata('QueueItems'), { folderKey: 'not-a-guid' })).status, 400);
    assert.equal(
      (await developer.get(odata('QueueItems'), { folderKey: folder.Key, folderId: folders.Shared })).status,
      400,
      'headers naming different folders',
    );
    const restrictedKey = (await admin.get(odata(`Folders(${folders.Restricted})`))).body.Key;
    assert.equal((await developer.get(odata('QueueItems'), { folderKey: restrictedKey })).body.errorCode, 1103);
  });
});
