import assert from 'node:assert/strict';
import { strToU8, zipSync } from 'fflate';
import { Api, NS, odata, useSandbox } from './helpers';
import { buildNupkg, packageForm } from './nupkg';
import { MAX_PACKAGE_BYTES } from '../src/server/http';

describe('UploadPackage (multipart form data, the .nupkg read)', () => {
  const sandbox = useSandbox();
  let api: Api;
  before(async () => {
    api = await Api.as(sandbox(), 'developer');
  });
  const upload = (form: FormData | unknown, set = 'Processes') => api.post(odata(`${set}/${NS}.UploadPackage`), form);
  const versionsOf = async (id: string): Promise<{ Version: string; IsLatestVersion: boolean }[]> => {
    const res = await api.get(odata(`Processes/${NS}.GetProcessVersions(processId='${id}')`));
    return res.status === 404 ? [] : res.body.value;
  };

  it('takes id, version, title, description and authors from the .nuspec and answers the bulk shape', async () => {
    const bytes = buildNupkg({
      id: 'Upload.Fields',
      version: '2.1.0',
      title: 'Fields & <More>',
      description: 'Reads "every" field',
      authors: 'Ada Lovelace',
    });
    const res = await upload(packageForm(bytes, 'Upload.Fields.2.1.0.nupkg'));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.value.length, 1);
    const [entry] = res.body.value;
    assert.deepEqual([entry.Key, entry.Status], ['Upload.Fields.2.1.0.nupkg', 'Success']);
    const pkg = JSON.parse(entry.Body);
    assert.deepEqual(
      [pkg.Id, pkg.Version, pkg.Key, pkg.Title, pkg.Description, pkg.Authors, pkg.IsLatestVersion],
      ['Upload.Fields', '2.1.0', 'Upload.Fields:2.1.0', 'Fields & <More>', 'Reads "every" field', 'Ada Lovelace', true],
    );
    assert.deepEqual(
      Object.keys(pkg).filter((k) => k.startsWith('$')),
      [],
    );
    const listed = (await api.get(odata('Processes', { $filter: "Id eq 'Upload.Fields'" }))).body.value;
    assert.deepEqual(
      listed.map((p: { Version: string }) => p.Version),
      ['2.1.0'],
    );
  });

  it('declares the arguments of the main entry point of lib/<tfm>/project.json, and refuses to edit them', async () => {
    const input = [
      { name: 'in_Region', type: 'System.String', required: true, hasDefault: false },
      { name: 'in_Limit', type: 'System.Int32', required: false, hasDefault: true },
    ];
    const output = [{ name: 'out_Count', type: 'System.Int32' }];
    const bytes = buildNupkg({ id: 'Upload.Args', version: '1.0.0', input, output });
    assert.equal((await upload(packageForm(bytes, 'a.nupkg'))).status, 200);
    const read = await api.get(odata(`Processes/${NS}.GetArguments(key='Upload.Args:1.0.0')`));
    assert.deepEqual(JSON.parse(read.body.Input), input);
    assert.deepEqual(JSON.parse(read.body.Output), output);
    const refused = await api.post(odata(`Processes/${NS}.SetArguments`), {
      key: 'Upload.Args:1.0.0',
      arguments: { Input: '[]', Output: '[]' },
    });
    assert.deepEqual([refused.status, refused.body.errorCode], [400, 1671]);
  });

  it('a package without a project definition declares no arguments', async () => {
    const bytes = buildNupkg({ id: 'Upload.Bare', version: '1.0.0', withoutProject: true });
    assert.equal((await upload(packageForm(bytes, 'bare.nupkg'))).status, 200);
    const read = await api.get(odata(`Processes/${NS}.GetArguments(key='Upload.Bare:1.0.0')`));
    assert.deepEqual([read.body.Input, read.body.Output], [null, null]);
  });

  it('a new version becomes the latest; a version that exists is a 409 and changes nothing', async () => {
    assert.equal(
      (await upload(packageForm(buildNupkg({ id: 'Upload.Twice', version: '1.0.0' }), 'a.nupkg'))).status,
      200,
    );
    assert.equal(
      (await upload(packageForm(buildNupkg({ id: 'Upload.Twice', version: '1.1.0' }), 'b.nupkg'))).status,
      200,
    );
    const again = await upload(packageForm(buildNupkg({ id: 'Upload.Twice', version: '1.1.0' }), 'b.nupkg'));
    assert.equal(again.status, 409);
    assert.match(again.body.message, /Upload\.Twice 1\.1\.0 already exists/);
    const versions = await versionsOf('Upload.Twice');
    assert.deepEqual(versions.map((v) => [v.Version, v.IsLatestVersion]).sort(), [
      ['1.0.0', false],
      ['1.1.0', true],
    ]);
  });

  it('a file that is not a package is a 400 saying why, and changes nothing', async () => {
    const before = (await api.get(odata('Processes', { $count: 'true', $top: '1' }))).body['@odata.count'];
    const cases: [string, Uint8Array][] = [
      ['not a zip', strToU8('just text, not an archive')],
      ['no .nuspec', zipSync({ 'readme.txt': strToU8('hello') })],
      ['no <metadata>', zipSync({ 'X.nuspec': strToU8('<package></package>') })],
      [
        'a bad version',
        zipSync({ 'X.nuspec': strToU8('<package><metadata><id>X</id><version>one</version></metadata></package>') }),
      ],
      ['a broken project.json', zipSync({ ...nuspecOf('Y'), 'lib/net45/project.json': strToU8('{ nope') })],
    ];
    for (const [what, bytes] of cases) {
      const res = await upload(packageForm(bytes, 'bad.nupkg'));
      assert.equal(res.status, 400, what);
      assert.match(res.body.message, /not a package/, what);
    }
    const after = (await api.get(odata('Processes', { $count: 'true', $top: '1' }))).body['@odata.count'];
    assert.equal(after, before);
  });

  it('the JSON form of old is refused (400): the package travels as a file', async () => {
    const res = await upload({ Id: 'Json.Upload', Version: '1.0.0' });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /multipart\/form-data/);
    assert.equal((await upload(new FormData())).status, 400, 'a form without a file');
  });

  it('a package above the size cap is a 413 and changes nothing', async () => {
    const bytes = buildNupkg({ id: 'Upload.Huge', version: '1.0.0', fillerBytes: MAX_PACKAGE_BYTES + 1024 });
    const res = await upload(packageForm(bytes, 'huge.nupkg'));
    assert.equal(res.status, 413);
    assert.deepEqual(await versionsOf('Upload.Huge'), []);
  });

  it('uploads a library through Libraries, and needs the Create permission', async () => {
    const bytes = buildNupkg({ id: 'Upload.Library', version: '1.0.0' });
    assert.equal((await upload(packageForm(bytes, 'lib.nupkg'), 'Libraries')).status, 403, 'no Libraries.Create');
    const admin = await Api.as(sandbox(), 'admin');
    assert.equal(
      (await admin.post(odata(`Libraries/${NS}.UploadPackage`), packageForm(bytes, 'lib.nupkg'))).status,
      200,
    );
    const versions = await api.get(odata(`Libraries/${NS}.GetVersions(packageId='Upload.Library')`));
    assert.equal(versions.body.value.length, 1);
    const viewer = await Api.as(sandbox(), 'viewer');
    const refused = await viewer.post(
      odata(`Processes/${NS}.UploadPackage`),
      packageForm(buildNupkg({ id: 'Upload.Viewer', version: '1.0.0' }), 'v.nupkg'),
    );
    assert.equal(refused.status, 403);
  });
});

const nuspecOf = (id: string) => ({
  [`${id}.nuspec`]: strToU8(`<package><metadata><id>${id}</id><version>1.0.0</version></metadata></package>`),
});
