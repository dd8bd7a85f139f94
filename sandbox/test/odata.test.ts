import assert from 'node:assert/strict';
import { type Api, odata, useSandbox, signInWithFolders } from './helpers';

describe('OData query options', () => {
  const sandbox = useSandbox();
  let api: Api;
  let folders: Record<string, number>;
  before(async () => {
    ({ api, folders } = await signInWithFolders(sandbox(), 'admin'));
  });
  const items = (query: Record<string, string>) => api.get(odata('QueueItems', query), { folderId: folders.Invoices });
  const packages = (query: Record<string, string>) => api.get(odata('Processes', query));

  it('answers collections with @odata.context and value, $count when asked', async () => {
    const res = await packages({ $count: 'true', $top: '5' });
    assert.equal(res.status, 200);
    assert.match(res.body['@odata.context'], /\$metadata#Processes$/);
    assert.equal(res.body.value.length, 5);
    assert.equal(res.body['@odata.count'], 30);
    assert.equal((await packages({})).body['@odata.count'], undefined);
  });

  it('pages with $top and $skip without overlap', async () => {
    const all = (await packages({ $orderby: 'Id' })).body.value.map((p: { Id: string }) => p.Id);
    const first = (await packages({ $orderby: 'Id', $top: '10' })).body.value.map((p: { Id: string }) => p.Id);
    const second = (await packages({ $orderby: 'Id', $top: '10', $skip: '10' })).body.value.map(
      (p: { Id: string }) => p.Id,
    );
    assert.deepEqual([...first, ...second], all.slice(0, 20));
  });

  it('orders ascending by default and descending on request, by several keys', async () => {
    const asc = (await packages({ $orderby: 'Id' })).body.value.map((p: { Id: string }) => p.Id);
    const desc = (await packages({ $orderby: 'Id desc' })).body.value.map((p: { Id: string }) => p.Id);
    assert.deepEqual(desc, [...asc].reverse());
    const multi = (await items({ $orderby: 'Status asc,Id desc', $top: '100' })).body.value;
    for (let i = 1; i < multi.length; i++) {
      const [a, b] = [multi[i - 1], multi[i]];
      assert.ok(a.Status < b.Status || (a.Status === b.Status && a.Id > b.Id));
    }
  });

  it('projects with $select and expands navigation properties', async () => {
    const selected = await packages({ $select: 'Id,Version', $top: '2' });
    assert.deepEqual(Object.keys(selected.body.value[0]).sort(), ['Id', 'Version']);
    const jobs = await api.get(odata('Jobs', { $expand: 'Robot', $top: '3' }), { folderId: folders.Shared });
    assert.equal(typeof jobs.body.value[0].Robot.Name, 'string');
    assert.equal(jobs.body.value[0].Robot.$folderIds, undefined, 'internal fields never leak');
  });

  it('filters with every comparison operator', async () => {
    const ids = (await items({ $select: 'Id', $orderby: 'Id' })).body.value.map((i: { Id: number }) => i.Id);
    const pivot = ids[10];
    const count = async (filter: string) =>
      (await items({ $filter: filter, $count: 'true', $top: '1' })).body['@odata.count'];
    assert.equal(await count(`Id eq ${pivot}`), 1);
    const total = await count('Id gt 0');
    assert.equal(await count(`Id ne ${pivot}`), total - 1);
    assert.equal(await count(`Id lt ${pivot}`), 10);
    assert.equal(await count(`Id le ${pivot}`), 11);
    assert.equal(await count(`Id ge ${pivot}`), total - 10);
    assert.equal((await count(`Id gt ${pivot}`)) + (await count(`Id le ${pivot}`)), total);
  });

  it('combines with and, or, not and parentheses', async () => {
    const count = async (filter: string) =>
      (await items({ $filter: filter, $count: 'true', $top: '1' })).body['@odata.count'];
    const news = await count(`Status eq 'New'`);
    const failed = await count(`Status eq 'Failed'`);
    const total = await count('Id gt 0');
    assert.equal(await count(`Status eq 'New' or Status eq 'Failed'`), news + failed);
    assert.equal(await count(`not (Status eq 'New')`), total - news);
    assert.equal(
      await count(`(Status eq 'New' or Status eq 'Failed') and Priority eq 'High'`),
      (await count(`Status eq 'New' and Priority eq 'High'`)) +
        (await count(`Status eq 'Failed' and Priority eq 'High'`)),
    );
  });

  it('supports contains(), null, booleans, datetimes and related-entity paths', async () => {
    const contains = await packages({ $filter: `contains(Id,'invoice')` });
    assert.ok(contains.body.value.length > 0);
    assert.ok(contains.body.value.every((p: { Id: string }) => p.Id.toLowerCase().includes('invoice')));
    const noRef = await api.get(odata('QueueItems', { $filter: 'Reference eq null' }), { folderId: folders.HR });
    assert.ok(noRef.body.value.length > 0 && noRef.body.value.every((i: { Reference: null }) => i.Reference === null));
    const latest = await packages({ $filter: 'IsLatestVersion eq true and IsActive eq false', $count: 'true' });
    assert.ok(latest.body.value.every((p: { IsActive: boolean }) => p.IsActive === false));
    const recent = await items({
      $filter: `CreationTime gt ${new Date(Date.now() - 30 * 60_000).toISOString()}`,
      $count: 'true',
    });
    assert.ok(recent.body['@odata.count'] > 0 && recent.body['@odata.count'] < 120);
    const robotId = (await api.get(odata('Robots', { $top: '1' }), { folderId: folders.Shared })).body.value[0].Id;
    const byRobot = await api.get(odata('Jobs', { $filter: `Robot/Id eq ${robotId}`, $expand: 'Robot' }), {
      folderId: folders.Shared,
    });
    assert.ok(byRobot.body.value.length > 0);
    assert.ok(byRobot.body.value.every((j: { Robot: { Id: number } }) => j.Robot.Id === robotId));
  });

  it("treats injection-looking literals as data: O'Brien and ') or (1 eq 1", async () => {
    const obrien = await items({ $filter: `SpecificContent/Vendor eq 'O''Brien & Sons'` });
    assert.equal(obrien.status, 200);
    assert.ok(obrien.body.value.length > 0);
    assert.ok(
      obrien.body.value.every(
        (i: { SpecificContent: { Vendor: string } }) => i.SpecificContent.Vendor === "O'Brien & Sons",
      ),
    );
    const injected = await packages({ $filter: `Id eq ''') or (1 eq 1'` });
    assert.equal(injected.status, 200);
    assert.equal(injected.body.value.length, 0);
    const unescaped = await packages({ $filter: `Id eq '') or (1 eq 1'` });
    assert.equal(unescaped.status, 400, 'an unescaped quote is a syntax error, never a widened filter');
  });

  it('answers malformed queries with 400 and a message, never 500', async () => {
    const bad: Record<string, string>[] = [
      { $filter: `Id eq 'unterminated` },
      { $filter: 'Id eq' },
      { $filter: 'Nope eq 1' },
      { $filter: `frobnicate(Id,'x')` },
      { $filter: '(Id eq 1' },
      { $filter: 'Id eq 1 Id' },
      { $top: '-1' },
      { $top: 'ten' },
      { $skip: 'x' },
      { $orderby: 'Id sideways' },
      { $orderby: 'Missing' },
      { $select: 'Missing' },
      { $expand: 'Nothing' },
      { $count: 'maybe' },
      { $search: 'x' },
      { $filter: '' },
      { $filter: 'Id eq @' },
    ];
    for (const query of bad) {
      const res = await packages(query);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(typeof res.body.message, 'string');
      assert.equal(res.body.errorCode, 1001);
      assert.equal(typeof res.body.traceId, 'string');
    }
  });
});
