import assert from 'node:assert/strict';
import { Api, NS, odata, useSandbox, signInWithFolders } from './helpers';
import { buildNupkg, packageForm } from './nupkg';

describe('packages, libraries and releases', () => {
  const sandbox = useSandbox();
  let api: Api;
  let folders: Record<string, number>;
  before(async () => {
    ({ api, folders } = await signInWithFolders(sandbox(), 'developer'));
  });
  const latest = async () =>
    (await api.get(odata('Processes', { $orderby: 'Id' }))).body.value as {
      Id: string;
      Key: string;
      Version: string;
      IsLatestVersion: boolean;
    }[];

  it('lists each package once (latest version) and its versions with @odata.count', async () => {
    const packages = await latest();
    assert.equal(packages.length, 30);
    assert.ok(packages.every((p) => p.IsLatestVersion));
    const multi = packages.find((p) => p.Version.startsWith('1.3'))!;
    const versions = await api.get(odata(`Processes/${NS}.GetProcessVersions(processId='${multi.Id}')`));
    assert.equal(versions.body['@odata.count'], 4);
    assert.equal(versions.body.value.filter((v: { IsLatestVersion: boolean }) => v.IsLatestVersion).length, 1);
    assert.equal((await api.get(odata(`Processes/${NS}.GetProcessVersions(processId='Nope')`))).status, 404);
  });

  it('reads arguments with the colon encoded or not', async () => {
    const pkg = (await latest())[0]!;
    for (const key of [pkg.Key, encodeURIComponent(pkg.Key)]) {
      const res = await api.get(`/odata/Processes/${NS}.GetArguments(key='${key}')`);
      assert.equal(res.status, 200);
      const input = JSON.parse(res.body.Input);
      assert.ok(Array.isArray(input) && input.length > 0);
      for (const entry of input)
        assert.deepEqual(Object.keys(entry).sort(), ['hasDefault', 'name', 'required', 'type']);
    }
  });

  it('downloads a package as a zip', async () => {
    const pkg = (await latest())[0]!;
    const res = await api.raw(odata(`Processes/${NS}.DownloadPackage(key='${pkg.Key}')`));
    assert.equal(res.status, 200);
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.equal(bytes.readUInt32LE(0), 0x04034b50);
    assert.match(res.headers.get('content-disposition')!, /\.nupkg/);
  });
  it('SetArguments replaces the arguments of a studio package and validates them', async () => {
    const pkg = (await latest())[0]!; // seed package 0 was published from Studio
    const args = {
      Input: JSON.stringify([{ name: 'in_Only', type: 'System.String', required: true, hasDefault: false }]),
      Output: JSON.stringify([{ name: 'out_Done', type: 'System.Boolean' }]),
    };
    const res = await api.post(odata(`Processes/${NS}.SetArguments`), { key: pkg.Key, arguments: args });
    assert.equal(res.status, 200);
    const read = await api.get(odata(`Processes/${NS}.GetArguments(key='${encodeURIComponent(pkg.Key)}')`));
    assert.deepEqual([read.body.Input, read.body.Output], [args.Input, args.Output]);
    for (const bad of [
      { Input: 'not json', Output: '[]' },
      { Input: '{}', Output: '[]' },
      {
        Input: JSON.stringify([
          { name: 'a', type: 'System.String' },
          { name: 'A', type: 'System.String' },
        ]),
        Output: '[]',
      },
      { Input: JSON.stringify([{ name: '1bad', type: 'System.String' }]), Output: null },
    ]) {
      assert.equal(
        (await api.post(odata(`Processes/${NS}.SetArguments`), { key: pkg.Key, arguments: bad })).status,
        400,
        JSON.stringify(bad),
      );
    }
  });

  it('SetArguments is refused for packages uploaded through the API or the feed', async () => {
    const packages = await latest();
    const refused: string[] = [];
    for (const pkg of packages) {
      const res = await api.post(odata(`Processes/${NS}.SetArguments`), {
        key: pkg.Key,
        arguments: { Input: '[]', Output: '[]' },
      });
      if (res.status === 400 && res.body.errorCode === 1671) refused.push(pkg.Id);
    }
    assert.equal(refused.length, 12, 'the seed marks 12 of 30 packages as uploaded through the API or the feed');
  });

  it('tells no package’s origin before SetArguments: a refused package reads like an editable one, field for field', async () => {
    // The extension says up front that a change may be refused (its lens), because no read tells which packages are.
    const packages = await latest();
    const refusable = (pkg: { Key: string }) =>
      api
        .post(odata(`Processes/${NS}.SetArguments`), { key: pkg.Key, arguments: { Input: '[]', Output: '[]' } })
        .then((res) => res.body.errorCode === 1671);
    let studio: (typeof packages)[number] | undefined;
    let feed: (typeof packages)[number] | undefined;
    for (const pkg of packages) {
      if (studio && feed) break;
      if (await refusable(pkg)) feed ??= pkg;
      else studio ??= pkg;
    }
    assert.ok(studio && feed, 'the seed holds both kinds');
    const shapes = async (pkg: { Id: string; Key: string }) => ({
      listed: Object.keys(packages.find((p) => p.Id === pkg.Id)!).sort(),
      version: Object.keys(
        (await api.get(odata(`Processes/${NS}.GetProcessVersions(processId='${pkg.Id}')`))).body.value[0],
      ).sort(),
      arguments: Object.keys((await api.get(odata(`Processes/${NS}.GetArguments(key='${pkg.Key}')`))).body).sort(),
    });
    const [ofStudio, ofFeed] = [await shapes(studio), await shapes(feed)];
    assert.deepEqual(ofFeed, ofStudio);
    for (const key of [...ofFeed.listed, ...ofFeed.version, ...ofFeed.arguments])
      assert.doesNotMatch(key, /upload|origin|source|feed|\$/i, key);
  });

  it('uploads a package through the API: no internal fields in the answer, and its arguments cannot be edited', async () => {
    const form = packageForm(buildNupkg({ id: 'Api.Uploaded', version: '1.0.0' }), 'Api.Uploaded.1.0.0.nupkg');
    const uploaded = await api.post(odata(`Processes/${NS}.UploadPackage`), form);
    assert.equal(uploaded.status, 200);
    const pkg = JSON.parse(uploaded.body.value[0].Body);
    assert.equal(pkg.Key, 'Api.Uploaded:1.0.0');
    assert.deepEqual(
      Object.keys(pkg).filter((k) => k.startsWith('$')),
      [],
    );
    const refused = await api.post(odata(`Processes/${NS}.SetArguments`), {
      key: 'Api.Uploaded:1.0.0',
      arguments: { Input: '[]', Output: '[]' },
    });
    assert.equal(refused.body.errorCode, 1671);
    assert.equal((await api.post(odata(`Processes/${NS}.UploadPackage`), form)).status, 409);
  });

  it('lists libraries and their versions; deleting one needs a host administrator', async () => {
    const libs = await api.get(odata('Libraries'));
    assert.equal(libs.body.value.length, 5);
    const versions = await api.get(odata(`Libraries/${NS}.GetVersions(packageId='Common.Library1')`));
    assert.equal(versions.body.value.length, 2);
    const admin = await Api.as(sandbox(), 'admin');
    assert.equal((await admin.call(odata(`Libraries('Common.Library5')`), { method: 'DELETE' })).status, 200);
    assert.equal((await api.get(odata('Libraries'))).body.value.length, 4);
  });

  it('moves a release to the latest version, a specific version and back', async () => {
    const releases = (await api.get(odata('Releases'), { folderId: folders.Shared })).body.value;
    let release: any;
    let versions: string[] = [];
    for (release of releases) {
      versions = (
        await api.get(odata(`Processes/${NS}.GetProcessVersions(processId='${release.ProcessKey}')`))
      ).body.value.map((v: { Version: string }) => v.Version);
      if (versions.length > 1) break;
    }
    assert.ok(versions.length > 1, 'a seed release whose package has several versions');
    const oldest = versions[0];
    const moved = await api.post(
      odata(`Releases(${release.Id})/${NS}.UpdateToSpecificPackageVersion`),
      { packageVersion: oldest },
      { folderId: folders.Shared },
    );
    assert.equal(moved.body.ProcessVersion, oldest);
    const latestRes = await api.post(
      odata(`Releases(${release.Id})/${NS}.UpdateToLatestPackageVersion`),
      {},
      { folderId: folders.Shared },
    );
    assert.equal(latestRes.body.IsLatestVersion, true);
    const back = await api.post(
      odata(`Releases(${release.Id})/${NS}.RollbackToPreviousReleaseVersion`),
      {},
      { folderId: folders.Shared },
    );
    assert.equal(back.body.ProcessVersion, oldest);
    assert.equal(
      (
        await api.post(
          odata(`Releases(${release.Id})/${NS}.UpdateToSpecificPackageVersion`),
          { packageVersion: '9.9.9' },
          { folderId: folders.Shared },
        )
      ).status,
      404,
    );
  });

  it('PATCHes release input values and reads them back', async () => {
    const release = (await api.get(odata('Releases'), { folderId: folders.HR })).body.value[0];
    const input = JSON.stringify({ in_Region: "O'Brien" });
    assert.equal(
      (
        await api.call(odata(`Releases(${release.Id})`), {
          method: 'PATCH',
          body: { Arguments: { Input: input } },
          folderId: folders.HR,
        })
      ).status,
      200,
    );
    const read = await api.get(odata(`Releases(${release.Id})`), { folderId: folders.HR });
    assert.equal(read.body.Arguments.Input, input);
    assert.equal(read.body.InputArguments, input);
  });
});
