import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { connectionSlug } from '../../../src/core/documents/orchestratorUri';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { activateSignedIn, quiescent, rowOf, treeWalk } from './treeWalk';
import { lensTitles, openFromRow, until } from './documentHelpers';

// The documents' addresses read by names (the breadcrumbs show them); the ids the code needs are in the query. An
// address of the earlier form, ids in the path, still opens: editors restored after an update and drafts saved under
// it name it.

describe('Documents open by names; earlier addresses still open', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { child, children } = treeWalk(() => ctx.explorer);
  let devLab: TreeNode;
  let processRow: TreeNode;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    devLab = await child(await child(undefined, 'Sandbox'), 'Dev Lab');
    processRow = await child(await child(devLab, 'Processes'), 'Reconcile.Processing_Production');
    await quiescent(() => ctx.clientFor(sandbox()).transport.sent);
  });
  afterEach(async () => {
    await ctx.extension.globalState.update('orchestrator.documentDrafts', {});
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('input values, job output and package arguments read connection › folder › collection › name; ids only in the query', async function () {
    this.timeout(60_000);
    const { folder, release } = rowOf(processRow, 'process');
    const input = await openFromRow('orchestrator.editProcessInputValues', processRow);
    assert.equal(input.uri.path, '/Sandbox/Dev Lab/Processes/Reconcile.Processing_Production.input.json');
    assert.equal(input.uri.query, `folder=${folder.id}&process=${release.Id}`);
    assert.ok(JSON.parse(input.editor.document.getText()), 'the service text opened');

    const jobRow = (await children(await child(devLab, 'Jobs'))).find((n) => n.row?.kind === 'job');
    assert.ok(jobRow, 'Dev Lab has a job');
    const { job } = rowOf(jobRow, 'job');
    const output = await openFromRow('orchestrator.showJobOutput', jobRow);
    assert.equal(output.uri.path, `/Sandbox/Dev Lab/Jobs/${job.ReleaseName} #${job.Id}.output.json`);
    assert.equal(output.uri.query, `folder=${folder.id}&job=${job.Key.toLowerCase()}`);

    const packageRow = await child(await child(devLab, 'Packages'), 'Reconcile.Processing');
    const { package: pkg } = rowOf(packageRow, 'package');
    const args = await openFromRow('orchestrator.editPackageArguments', packageRow);
    assert.equal(args.uri.path, `/Sandbox/Packages/Reconcile.Processing@${pkg.Version}.arguments.json`);
    assert.equal(args.uri.query, `package=Reconcile.Processing&version=${pkg.Version}`);
    assert.ok(
      (await lensTitles(args.uri)).some((t) =>
        /may refuse changes to packages uploaded through the API, the packages page or the feed/.test(t),
      ),
      'said before anything is typed',
    );
  });

  it('an address of the earlier id form opens the same document, and its draft moves to the named address', async function () {
    this.timeout(60_000);
    const { folder, release } = rowOf(processRow, 'process');
    const earlier = vscode.Uri.parse(
      `orchestrator://${connectionSlug(sandbox().id)}/folders/${folder.id}/processes/${release.Id}/${release.Name}.input.json`,
    );
    const restored = await vscode.window.showTextDocument(earlier);
    const serviceText = restored.document.getText();
    const draft = JSON.stringify({ ...JSON.parse(serviceText), in_Marker: 'saved under the earlier address' }, null, 2);
    await restored.edit((e) => e.replace(new vscode.Range(0, 0, restored.document.lineCount, 0), draft));
    assert.ok(await restored.document.save());
    assert.ok(ctx.documents.drafts.has(earlier), 'a draft kept under the earlier address');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const named = await openFromRow('orchestrator.editProcessInputValues', processRow);
    assert.notEqual(named.uri.toString(), earlier.toString());
    // An editor that kept the document's text since an earlier opening reads it again.
    await until(() => named.editor.document.getText() === draft, 'the draft opens where the user is');
    assert.ok(ctx.documents.drafts.has(named.uri), 'moved to the named address');
    assert.ok(!ctx.documents.drafts.has(earlier), 'not kept twice');
  });
});
