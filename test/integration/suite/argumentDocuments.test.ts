import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { activateSignedIn, faults, quiescent, rowOf, treeWalk, lastError as lastErrorOf } from './treeWalk';
import { releaseInputText } from '../../../src/core/documents/argumentsDocument';
import { answering } from '../../../src/host/ui/scriptedInput';
import { lensTitles, openFromRow, until } from './documentHelpers';

/** Requests the sandbox answered since the last reset, by "METHOD route". */
const tally = async (): Promise<Record<string, number>> =>
  (
    (await (await fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/requests`)).json()) as {
      counts: Record<string, number>;
    }
  ).counts;
const resetTally = () => fetch(`${process.env.ORCHESTRATOR_SANDBOX_URL}/__sandbox/requests`, { method: 'DELETE' });
const writes = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([route]) => !route.startsWith('GET '))
    .reduce((sum, [, n]) => sum + n, 0);

describe('Argument documents: drafts and Apply to Service', () => {
  let ctx: Ctx;
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const { child } = treeWalk(() => ctx.explorer);
  const client = () => ctx.clientFor(sandbox());
  const sent = () => client().transport.sent;
  const files = () => vscode.workspace.getConfiguration('files');
  let devLab: TreeNode;
  let processRow: TreeNode;
  /** The process's input values before this suite: the jobs suite after it starts from them. */
  let originalInput: string | null | undefined;
  const release = () => rowOf(processRow, 'process');
  const lastError = () => lastErrorOf(ctx);
  const open = openFromRow;
  const replaceText = async (editor: vscode.TextEditor, text: string) => {
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), text));
  };
  /** Apply to Service, confirming the change list it asks about; `asks: false` when it must refuse before asking. */
  const apply = async (uri: vscode.Uri, asks = true) => {
    const { result, asked } = await answering(ctx, asks ? [{ title: /^Apply /, choose: 'Apply' }] : [], () =>
      vscode.commands.executeCommand<string | undefined>('orchestrator.applyDocument', uri),
    );
    return { result, question: asked[0] };
  };

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox');
    await vscode.workspace
      .getConfiguration('orchestrator')
      .update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    devLab = await child(await child(undefined, 'Sandbox'), 'Dev Lab');
    processRow = await child(await child(devLab, 'Processes'), 'Reconcile.Processing_Production');
    originalInput = (await client().releases.get(release().release.Id, { folder: release().folder })).Arguments?.Input;
    await quiescent(sent);
  });
  afterEach(async () => {
    await faults([]);
    // A failed test must not leave its draft to the next one.
    await ctx.extension.globalState.update('orchestrator.documentDrafts', {});
    await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await files().update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await client().releases.setInputArguments(release().release.Id, originalInput ?? '{}', {
      folder: release().folder,
    });
    await vscode.workspace
      .getConfiguration('orchestrator')
      .update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
  });

  it('with auto-save on, typing sends nothing; the draft survives reopening; Apply lists the change and sends exactly one request', async function () {
    this.timeout(60_000);
    await files().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    await files().update('autoSaveDelay', 200, vscode.ConfigurationTarget.Global);
    const { uri, editor } = await open('orchestrator.editProcessInputValues', processRow);
    assert.ok(
      (await lensTitles(uri)).some((t) => /nothing is sent until you apply it/.test(t)),
      'the document says saving keeps a draft',
    );
    await quiescent(sent);
    await resetTally();
    const before = sent();
    // Type one digit after in_Recipients' value (5 → 57), as the keyboard does, and pause: auto-save saves.
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes('"in_Recipients"'));
    const end = editor.document.lineAt(line).text.replace(/,\s*$/, '').length;
    editor.selection = new vscode.Selection(line, end, line, end);
    await vscode.commands.executeCommand('type', { text: '7' });
    await until(() => !editor.document.isDirty, 'auto-save');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(
      sent() - before,
      0,
      `saving sent nothing: ${client()
        .transport.recent.slice(-(sent() - before))
        .join(' | ')}`,
    );
    assert.equal(writes(await tally()), 0, 'no change reached the service');
    assert.ok(ctx.documents.drafts.has(uri), 'a draft is kept');
    assert.ok((await lensTitles(uri)).some((t) => /Draft: not applied/.test(t)));
    // Reopened, the document shows the draft, not the service's value.
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const reopened = await open('orchestrator.editProcessInputValues', processRow);
    assert.equal((JSON.parse(reopened.editor.document.getText()) as Record<string, unknown>).in_Recipients, 57);
    // Apply: the change is listed, then one request.
    await resetTally();
    const applied = await apply(uri);
    assert.match(applied.result ?? '', /Applied 1 change/);
    assert.match(
      applied.question?.title ?? '',
      /Apply 1 change to the input values of Reconcile\.Processing_Production/,
    );
    assert.match(applied.question?.prompt ?? '', /in_Recipients: 5 → 57/);
    const counts = await tally();
    assert.equal(writes(counts), 1, JSON.stringify(counts));
    assert.equal(Object.entries(counts).filter(([route]) => route.startsWith('PATCH ')).length, 1);
    assert.ok(!ctx.documents.drafts.has(uri), 'applied: no draft left');
    assert.equal(
      (await client().releases.get(release().release.Id, { folder: release().folder })).Arguments?.Input,
      '{"in_Recipients":57,"in_RetryCount":["a@example.test"]}',
    );
  });

  it('Apply names the process the service holds, not the file name of the address (a forged label)', async function () {
    this.timeout(30_000);
    const { uri } = await open('orchestrator.editProcessInputValues', processRow);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    // The same ids in the query, another process's name as the file name.
    const forged = uri.with({ path: uri.path.replace(/[^/]+\.input\.json$/, 'Payroll.input.json') });
    assert.notEqual(forged.toString(), uri.toString());
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(forged));
    await replaceText(editor, editor.document.getText().replace(/"in_Recipients": \d+/, '"in_Recipients": 6'));
    assert.equal(await editor.document.save(), true);
    await resetTally();
    const { asked } = await answering(ctx, [{ title: /^Apply /, cancel: true }], () =>
      vscode.commands.executeCommand<string | undefined>('orchestrator.applyDocument', forged),
    );
    const question = asked.find((a) => a.kind === 'confirm')?.title ?? '';
    assert.match(question, /the input values of Reconcile\.Processing_Production/);
    assert.doesNotMatch(question, /Payroll/);
    assert.equal(writes(await tally()), 0, 'cancelled: nothing sent');
  });

  it('marks each input-value problem at its property, and a syntax error where it is, not on line 1', async function () {
    this.timeout(30_000);
    const { uri, editor } = await open('orchestrator.editProcessInputValues', processRow);
    await replaceText(editor, '{\n  "in_CutOffDate": "Q1",\n  "in_Recipients": "five",\n  "in_Other": 1\n}\n');
    await until(
      () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Orchestrator').length >= 2,
      'diagnostics',
    );
    const problems = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Orchestrator');
    const at = (pattern: RegExp) => problems.find((d) => pattern.test(d.message))?.range.start;
    assert.deepEqual(
      [at(/in_Recipients must be a whole number/)?.line, at(/in_Recipients must be a whole number/)?.character],
      [2, 2],
    );
    assert.deepEqual(
      [at(/in_Other is not an input argument/)?.line, at(/in_Other is not an input argument/)?.character],
      [3, 2],
    );
    await replaceText(editor, '{\n  "in_Recipients": 5,\n  ,\n}\n');
    await until(
      () => vscode.languages.getDiagnostics(uri).some((d) => /not valid JSON/.test(d.message)),
      'the syntax error',
    );
    const syntax = vscode.languages.getDiagnostics(uri).find((d) => /not valid JSON/.test(d.message))!;
    assert.equal(syntax.range.start.line, 2, 'on the line of the stray comma');
  });

  it('checks before sending: an invalid draft and one over the limit are refused with nothing sent, the draft kept', async function () {
    this.timeout(30_000);
    const { uri, editor } = await open('orchestrator.editProcessInputValues', processRow);
    for (const text of ['{ "in_Recipients": "five" }', JSON.stringify({ in_CutOffDate: 'x'.repeat(10_001) })]) {
      await replaceText(editor, text);
      assert.equal(await editor.document.save(), true, 'saving a draft always works');
      await resetTally();
      assert.equal((await apply(uri, false)).result, undefined);
      assert.match(lastError(), /Not applied: .*(must be a whole number|limit is 10,000).*your draft is kept/);
      assert.equal(writes(await tally()), 0);
      assert.equal(editor.document.getText(), text, 'the text is kept');
      assert.ok(ctx.documents.drafts.has(uri));
    }
  });

  it('a failing service keeps the draft; a gateway timeout says the outcome is unknown; a change made meanwhile is refused with Compare and Apply Again, then overwritten only when applied again', async function () {
    this.timeout(60_000);
    const { uri, editor } = await open('orchestrator.editProcessInputValues', processRow);
    await replaceText(editor, '{ "in_Recipients": 7, "in_CutOffDate": "Q1" }');
    await editor.document.save();
    await faults([{ path: '*/odata/Releases(*', methods: ['PATCH'], status: 500 }]);
    assert.equal((await apply(uri)).result, undefined);
    assert.match(lastError(), /Not applied: .*Your draft is kept/);
    await faults([{ path: '*/odata/Releases(*', methods: ['PATCH'], status: 504 }]);
    assert.equal((await apply(uri)).result, undefined);
    assert.match(lastError(), /may or may not have been applied\. Run "Compare with Service"/);
    await faults([]);
    assert.match(
      (await apply(uri)).result ?? '',
      /Applied 3 changes/,
      'in_Recipients, in_CutOffDate and the removed in_RetryCount',
    );
    // Someone else changes the process meanwhile.
    await client().releases.setInputArguments(release().release.Id, '{"in_Recipients":9}', {
      folder: release().folder,
    });
    await replaceText(editor, '{ "in_Recipients": 8 }');
    await editor.document.save();
    await resetTally();
    assert.equal((await apply(uri, false)).result, undefined, 'refused before asking');
    assert.match(lastError(), /changed on the service since you started editing\. Compare the two, or Apply Again/);
    assert.equal(writes(await tally()), 0, 'the conflict is not overwritten silently');
    // The notification offers Compare and Apply Again (the UI suite clicks them); nothing opens or is sent unasked.
    assert.ok(!(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff));
    const again = await apply(uri);
    assert.match(again.result ?? '', /Applied/, 'applying again overwrites');
    assert.match(again.question?.prompt ?? '', /in_Recipients: 9 → 8/, 'listed against what the service holds now');
    assert.equal(
      (await client().releases.get(release().release.Id, { folder: release().folder })).Arguments?.Input,
      '{"in_Recipients":8}',
    );
  });

  it("Discard Draft shows the service's values again, after asking", async function () {
    this.timeout(30_000);
    const { uri, editor } = await open('orchestrator.editProcessInputValues', processRow);
    const service = releaseInputText(await client().releases.get(release().release.Id, { folder: release().folder }));
    await replaceText(editor, '{ "in_Recipients": 1234 }');
    await editor.document.save();
    assert.ok(ctx.documents.drafts.has(uri));
    const { result } = await answering(ctx, [{ title: /^Discard your changes to /, choose: 'Discard' }], () =>
      vscode.commands.executeCommand<string>('orchestrator.discardDocumentDraft', uri),
    );
    assert.match(result ?? '', /Discarded/);
    assert.equal(editor.document.getText(), service);
    assert.ok(!editor.document.isDirty && !ctx.documents.drafts.has(uri));
  });

  it('applies package arguments with SetArguments once; a package the service refuses becomes read-only with the reason shown at the top, keeping the text', async function () {
    this.timeout(60_000);
    const good = await child(await child(devLab, 'Packages'), 'Reconcile.Processing');
    const { uri, editor } = await open('orchestrator.editPackageArguments', good);
    const upFront = /may refuse changes to packages uploaded through the API, the packages page or the feed/;
    assert.ok(
      (await lensTitles(uri)).some((t) => upFront.test(t)),
      'the possible refusal is said before typing',
    );
    const original = JSON.parse(editor.document.getText()) as { Input: unknown[]; Output: unknown[] };
    await replaceText(
      editor,
      JSON.stringify({ ...original, Output: [{ name: 'out_Total', type: 'System.Double' }] }, null, 2),
    );
    await editor.document.save();
    await resetTally();
    const applied = await apply(uri);
    assert.match(applied.result ?? '', /Applied/);
    assert.match(applied.question?.prompt ?? '', /Output argument out_Total: added \(System\.Double\)/);
    assert.equal(writes(await tally()), 1);
    const saved = await client().packages.getArguments(rowOf(good, 'package').package.Key);
    assert.deepEqual(JSON.parse(saved.Output!), [{ name: 'out_Total', type: 'System.Double' }]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const refused = await child(await child(await child(devLab, 'Packages'), 'Feed'), 'Claims.Processing');
    const opened = await open('orchestrator.editPackageArguments', refused);
    const current = JSON.parse(opened.editor.document.getText()) as { Input: unknown[]; Output: unknown[] };
    const typed = JSON.stringify(
      { ...current, Output: [...current.Output, { name: 'out_X', type: 'System.String' }] },
      null,
      2,
    );
    await replaceText(opened.editor, typed);
    await opened.editor.document.save();
    assert.equal((await apply(opened.uri)).result, undefined);
    assert.match(lastError(), /read-only from now on; your text stays in it/);
    assert.ok(opened.editor.document.getText().includes('out_X'), 'the typed text is kept');
    assert.equal((await vscode.workspace.fs.stat(opened.uri)).permissions, vscode.FilePermission.Readonly);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Opened again: read-only at once, and the reason stands at the top before anything is typed.
    const before = sent();
    const again = await open('orchestrator.editPackageArguments', refused);
    assert.equal((await vscode.workspace.fs.stat(again.uri)).permissions, vscode.FilePermission.Readonly);
    assert.ok(
      (await lensTitles(again.uri)).some((t) =>
        /Read-only: The service refuses to change the arguments of Claims\.Processing/.test(t),
      ),
      (await lensTitles(again.uri)).join(' | '),
    );
    assert.ok(sent() - before <= 1, 'learning it cost no further write');
  });
});
