// Upload Package… on a .nupkg the test builds, run as the File Explorer's context menu runs it (a real vscode.Uri):
// the new version is the latest, a process of the folder is updated to it; a duplicate version, a file that is not
// a package and one above the sandbox's cap are refused with clear messages and change nothing at the service.
// Publish Workspace Project runs a stand-in `uipcli` found on PATH: the exact command asked first, then packed and
// uploaded once; declined, nothing runs and nothing is sent.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { buildNupkg } from '@orchestrator-workbench/sandbox/test-nupkg';
import type { Ctx } from '../../../src/ctx';
import { collectAll } from '../../../src/core/odata/paging';
import type { Release } from '../../../src/core/orchestrator/schemas';
import type { UploadOutcome } from '../../../src/host/commands/uploadPackage';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';
import { writeFakePackingTool, withToolOnPath } from './fakePackingTool';
import { activateSignedIn, lastError, resetTally, tally, treeWalk } from './treeWalk';

/** Text matched as itself in a pattern. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('Upload Package on the sandbox', () => {
  let ctx: Ctx;
  let shared: { id: number };
  let release: Release;
  const folder = mkdtempSync(join(tmpdir(), 'upload-package-'));
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const client = () => ctx.clientFor(sandbox());
  const sent = () => client().transport.sent;
  const versionsOf = async (id: string) =>
    (await client().packages.versions(id)).items.map((v) => `${v.Version}${v.IsLatestVersion ? ' latest' : ''}`);
  /** The package written where the user keeps it, as the File Explorer hands it to the command. */
  const packageFile = (name: string, bytes: Uint8Array) => {
    writeFileSync(join(folder, name), bytes);
    return vscode.Uri.file(join(folder, name));
  };
  /** Runs `work` with the Sandbox connection at a protection level (the user's setting), then puts it back. */
  const withProtection = async (protection: string, work: () => Promise<void>) => {
    const settings = vscode.workspace.getConfiguration('orchestrator');
    const saved = settings.get<{ label: string }[]>('connections')!;
    const settled = async (done: () => boolean) => {
      for (let i = 0; i < 20 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const changed = saved.map((c) => (c.label === 'Sandbox' ? { ...c, protection } : c));
    await settings.update('connections', changed, vscode.ConfigurationTarget.Global);
    await settled(() => sandbox().protection === protection);
    try {
      await work();
    } finally {
      await settings.update('connections', saved, vscode.ConfigurationTarget.Global);
      await settled(() => sandbox().protection !== protection);
    }
  };
  const inShared = { title: /: the folder whose processes may use it$/, pick: 'Shared' };
  const { label, children, child } = treeWalk(() => ctx.explorer);

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    const folders = await collectAll(client().folders.iterate({}));
    shared = { id: folders.find((f) => f.FullyQualifiedName === 'Shared')!.Id };
    release = (await client().releases.list({ folder: shared })).items[0]!;
  });

  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('uploads a package from the File Explorer: the latest version, and the folder’s process updated to it', async function () {
    this.timeout(60_000);
    const file = packageFile(
      `${release.ProcessKey}.99.1.0.nupkg`,
      buildNupkg({ id: release.ProcessKey, version: '99.1.0', description: 'Built by the upload test' }),
    );
    const { result, asked } = await answering(
      ctx,
      [inShared, { title: /^Uploaded .+ 99\.1\.0\. Update these processes of Shared to it\?$/, enter: true }],
      () => vscode.commands.executeCommand<UploadOutcome | undefined>('orchestrator.uploadPackage', file),
    );
    assert.doesNotMatch(lastError(ctx), /orchestrator\.(uploadPackage|updateProcessToLatest) failed/);
    assert.ok(asked[1]!.items!.includes(release.Name), asked[1]!.items!.join(', '));
    assert.deepEqual(
      { ...result, updated: result?.updated.includes(release.Name) },
      {
        packageId: release.ProcessKey,
        version: '99.1.0',
        connection: 'Sandbox',
        latest: true,
        updated: true,
        library: false,
      },
    );
    assert.ok((await versionsOf(release.ProcessKey)).includes('99.1.0 latest'));
    assert.equal((await client().releases.get(release.Id, { folder: shared })).ProcessVersion, '99.1.0');
  });

  it("a library project's package goes to the tenant's library feed: no folder asked, one upload, listed there", async function () {
    this.timeout(60_000);
    const id = `Common.Uploaded${Date.now()}`;
    const file = packageFile(`${id}.1.0.0.nupkg`, buildNupkg({ id, version: '1.0.0', library: true }));
    const upload = (script: Answer[]) =>
      answering(ctx, script, () =>
        vscode.commands.executeCommand<UploadOutcome | undefined>('orchestrator.uploadPackage', file),
      );
    const uploads = async () =>
      Object.entries(await tally())
        .filter(([route]) => !/^GET |\/identity/.test(route))
        .map(([route, count]) => [/\/odata\/Libraries\/\S+\.UploadPackage$/.test(route), count]);
    // The developer may not add libraries: the service's 403, in words naming the permission; no folder asked.
    await resetTally();
    const refused = await upload([]);
    assert.deepEqual([refused.result, refused.asked], [undefined, []]);
    assert.match(
      lastError(ctx),
      /Sandbox refused .+\.nupkg: uploading a library needs the Libraries\.Create permission/,
    );
    assert.deepEqual(await uploads(), [[true, 1]], 'one upload, to the library feed, not repeated');

    const admin = ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
    await ctx.auth.createSession([`connection:${admin.id}`]);
    try {
      await resetTally();
      const { result, asked } = await upload([
        { title: /^Upload library .+ to which connection\?$/, pick: 'Sandbox admin' },
      ]);
      assert.equal(asked.length, 1, 'only the connection asked: the library feed has no folders');
      assert.deepEqual(result, {
        packageId: id,
        version: '1.0.0',
        connection: 'Sandbox admin',
        latest: true,
        updated: [],
        library: true,
      });
      assert.deepEqual(await uploads(), [[true, 1]]);
      const libraries = await child(await child(await child(undefined, 'Sandbox admin'), 'Tenant'), 'Libraries');
      assert.ok(
        (await children(libraries)).map(label).some((text) => text.includes(id)),
        'listed under Libraries',
      );
    } finally {
      await ctx.sessions.remove(ctx.accountFor(admin.id)!.id);
    }
  });

  it('a version that exists is refused (409) with what to do; nothing changes', async function () {
    this.timeout(30_000);
    const before = await versionsOf(release.ProcessKey);
    const file = packageFile('again.nupkg', buildNupkg({ id: release.ProcessKey, version: '99.1.0' }));
    const { result } = await answering(ctx, [inShared], () =>
      vscode.commands.executeCommand('orchestrator.uploadPackage', file),
    );
    assert.equal(result, undefined);
    assert.match(lastError(ctx), /99\.1\.0 is already in the feed of Sandbox: nothing was changed\. Raise the version/);
    assert.deepEqual(await versionsOf(release.ProcessKey), before);
  });

  it('a file that is not a package is refused before any request, naming why', async function () {
    this.timeout(30_000);
    const file = packageFile('notes.nupkg', new TextEncoder().encode('meeting notes, not a zip'));
    const before = sent();
    const { result } = await answering(ctx, [], () =>
      vscode.commands.executeCommand('orchestrator.uploadPackage', file),
    );
    assert.equal(result, undefined);
    assert.match(lastError(ctx), /notes\.nupkg is not a package: it is not a zip archive .*Nothing was sent\./);
    assert.equal(sent(), before, 'no request');
  });

  it('a package above the service’s size cap is refused (413) with a clear message; nothing changes', async function () {
    this.timeout(60_000);
    const file = packageFile(
      'Upload.Oversized.1.0.0.nupkg',
      buildNupkg({ id: 'Upload.Oversized', version: '1.0.0', fillerBytes: 31 * 1024 * 1024 }),
    );
    const { result } = await answering(ctx, [inShared], () =>
      vscode.commands.executeCommand('orchestrator.uploadPackage', file),
    );
    assert.equal(result, undefined);
    assert.match(lastError(ctx), /Upload\.Oversized\.1\.0\.0\.nupkg is larger than Sandbox accepts/);
    await assert.rejects(client().packages.versions('Upload.Oversized'), /404|does not exist/);
  });

  it('on a read-only connection it says so before any question and sends nothing', async function () {
    this.timeout(30_000);
    const file = packageFile('readonly.nupkg', buildNupkg({ id: 'Upload.ReadOnly', version: '1.0.0' }));
    await withProtection('readOnly', async () => {
      const before = sent();
      const { result, asked } = await answering(ctx, [{ title: /Sandbox is read-only/, cancel: true }], () =>
        vscode.commands.executeCommand('orchestrator.uploadPackage', file),
      );
      assert.deepEqual([result, asked.length, sent() - before], [undefined, 1, 0], 'one notice, no request');
    });
  });

  it('Publish Workspace Project without the packing tool on PATH says what to install and sends nothing', async function () {
    this.timeout(30_000);
    const before = sent();
    const { result } = await answering(ctx, [], () =>
      vscode.commands.executeCommand('orchestrator.publishWorkspaceProject'),
    );
    assert.equal(result, undefined);
    assert.match(lastError(ctx), /No packing tool was found on PATH: .*\("uipcli"\)\. Install it/);
    assert.equal(sent(), before, 'no request');
  });

  describe('Publish Workspace Project with a packing tool on PATH', () => {
    const PACKAGE = 'Invoice.Processing'; // the workspace's project; 1.1.0 is the sandbox's latest
    const tool = writeFakePackingTool(
      `${PACKAGE}.99.5.0.nupkg`,
      buildNupkg({ id: PACKAGE, version: '99.5.0', description: 'Packed by the publish test' }),
    );
    const projectJson = () =>
      vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, PACKAGE, 'project.json').fsPath;
    const packQuestion = /^Pack Invoice\.Processing 1\.1\.0, then upload the package\?$/;
    /** The requests that change something at the service, by route. */
    const changes = async () => Object.entries(await tally()).filter(([route]) => !/^GET |\/identity/.test(route));

    it('names the exact command first; declined, nothing runs and nothing is sent', async function () {
      this.timeout(30_000);
      await resetTally();
      const before = sent();
      const { result, asked } = await withToolOnPath(tool, () =>
        answering(ctx, [{ title: packQuestion, cancel: true }], () =>
          vscode.commands.executeCommand('orchestrator.publishWorkspaceProject'),
        ),
      );
      assert.equal(result, undefined);
      assert.match(
        asked[0]!.prompt!,
        new RegExp(
          `^This runs: "${escape(tool.path)}" package pack ${escape(projectJson())} -o \\S+orchestrator-pack-\\w+$`,
        ),
      );
      assert.deepEqual(asked[0]!.items, ['Pack and Upload']);
      assert.deepEqual([tool.runs().length, sent() - before, await changes()], [0, 0, []], 'not run, nothing sent');
      const output = / -o (\S+)$/.exec(asked[0]!.prompt!)![1]!;
      assert.equal(existsSync(output), false, 'the folder it would have packed into is gone');
    });

    it('accepted, runs the tool as shown and uploads what it wrote once: the latest version', async function () {
      this.timeout(60_000);
      await resetTally();
      const errorBefore = lastError(ctx);
      const { result, asked } = await withToolOnPath(tool, () =>
        answering(
          ctx,
          [
            { title: packQuestion, choose: 'Pack and Upload' },
            { title: /^Upload Invoice\.Processing 99\.5\.0: the folder whose processes may use it$/, pick: 'Shared' },
            // Shared's process of the package (updated to 99.1.0 above): not updated, so the upload is the one change
            {
              title: /^Uploaded Invoice\.Processing 99\.5\.0\. Update these processes of Shared to it\?$/,
              cancel: true,
            },
          ],
          () => vscode.commands.executeCommand<UploadOutcome | undefined>('orchestrator.publishWorkspaceProject'),
        ),
      );
      assert.equal(lastError(ctx), errorBefore, 'no error');
      assert.equal(tool.runs().length, 1, 'the tool ran once');
      const [args] = tool.runs();
      assert.deepEqual(args!.slice(0, 4), ['package', 'pack', projectJson(), '-o']);
      assert.equal(asked[0]!.prompt, `This runs: "${tool.path}" package pack ${projectJson()} -o ${args![4]}`);
      assert.deepEqual(
        { ...result, updated: [] },
        { packageId: PACKAGE, version: '99.5.0', connection: 'Sandbox', latest: true, updated: [], library: false },
      );
      const changed = await changes();
      assert.deepEqual(
        changed.map(([route, count]) => [/^POST \S+\.UploadPackage\b/.test(route), count]),
        [[true, 1]],
        JSON.stringify(changed),
      );
      assert.equal((await versionsOf(PACKAGE)).filter((v) => v.endsWith(' latest')).join(), '99.5.0 latest');
      assert.equal(existsSync(args![4]!), false, 'the package and its folder are gone once uploaded');
    });
  });
});
