// Issue 17: text a tenant user puts into the service (a folder, queue or process name, a reference) reaches another
// user's tree, tooltips and notifications as plain text, never as a link or a command; and a queue item the service
// accepts, however large, reaches its panel.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import type { TreeNode } from '../../../src/host/views/treeNode';
import { plainText } from '../../../src/core/presentation/plainText';
import { markupIn } from '../../fixtures/hostileTexts';
import { activateSignedIn, treeWalk } from './treeWalk';
import { sampleInputArguments } from './processInputs';
import { answering, type Answer } from '../../../src/host/ui/scriptedInput';

// Within the service's own limits (names and references ≤ 128 characters; folder names without "/").
const FOLDER =
  '[Open](command:workbench.action.openSettings) <img src=x onerror=alert(1)> www.evil.example \u202Eexe.txt';
const QUEUE =
  '[Q](command:orchestrator.removeConnection?["c"]) ![i](https://evil.example/i.png) <a href="command:x">a</a> | x |';
const REFERENCE =
  '[Ref](command:workbench.action.terminal.new)\n| injected | row |\n<https://evil.example/auto> admin@evil.example';
const PROCESS = '[Run](command:workbench.action.openGlobalKeybindings) https://evil.example/p $(alert) \u2066x\u2069';

type Tooltip = { value: string; isTrusted?: boolean; supportHtml?: boolean };

/** A row's label, description and tooltip carry no markup; a Markdown tooltip is untrusted and without HTML. */
function assertPlainRow(node: TreeNode, what: string): void {
  const item = node.item();
  assert.deepEqual(markupIn(String(item.label), 'plain'), [], `${what} label: ${String(item.label)}`);
  if (item.description !== undefined)
    assert.deepEqual(markupIn(String(item.description), 'plain'), [], `${what} description`);
  // A row that builds its tooltip on hover (a queue item) is checked with that tooltip.
  const tooltip = item.tooltip ?? node.tooltip?.();
  if (typeof tooltip === 'string') {
    assert.deepEqual(markupIn(tooltip, 'plain'), [], `${what} tooltip`);
  } else if (tooltip) {
    const markdown = tooltip as Tooltip;
    assert.equal(markdown.isTrusted, false, `${what}: an untrusted tooltip runs no command link`);
    assert.equal(markdown.supportHtml, false, `${what}: no HTML`);
    for (const line of markdown.value.split('\n'))
      assert.deepEqual(markupIn(line, 'markdown'), [], `${what} tooltip line: ${line}`);
  }
}

describe('Service text is plain text in the editor (issue 17)', () => {
  let ctx: Ctx;
  const admin = () => ctx.connections.all().find((c) => c.label === 'Sandbox admin')!;
  const client = () => ctx.clientFor(admin());
  const { child, children } = treeWalk(() => ctx.explorer);
  let folderId: number;
  let queueRow: TreeNode;

  before(async function () {
    this.timeout(60_000);
    ctx = await activateSignedIn('Sandbox admin');
    // What another tenant user did: a folder, a queue with unique references and an item, a process with a job.
    const folder = await client().folders.create({ DisplayName: FOLDER });
    folderId = folder.Id;
    await client().queues.create({ Name: QUEUE, EnforceUniqueReference: true }, { folder: { id: folderId } });
    const devLab = (await client().folders.list({ query: { filter: undefined } })).items.find(
      (f) => f.DisplayName === 'Dev Lab',
    )!;
    const template = (await client().releases.list({ folder: { id: devLab.Id } })).items[0]!;
    const release = await client().releases.create(
      {
        Name: PROCESS,
        ProcessKey: template.ProcessKey,
        ProcessVersion: template.ProcessVersion,
        EnvironmentId: template.EnvironmentId ?? undefined,
        InputArguments: template.InputArguments ?? undefined,
      },
      { folder: { id: devLab.Id } },
    );
    await client().jobs.start(
      {
        ReleaseKey: release.Key,
        Strategy: 'ModernJobsCount',
        NoOfRobots: 1,
        InputArguments: await sampleInputArguments(client(), template, { id: devLab.Id }),
      },
      { folder: { id: devLab.Id } },
    );
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('folder, queue and process rows show hostile names as plain text with untrusted tooltips', async function () {
    this.timeout(60_000);
    const connection = await child(undefined, 'Sandbox admin');
    ctx.explorer.refresh(connection);
    const folder = await child(connection, plainText(FOLDER));
    assertPlainRow(folder, 'folder');
    queueRow = await child(await child(folder, 'Queues'), plainText(QUEUE));
    assertPlainRow(queueRow, 'queue');
    const devLab = await child(connection, 'Dev Lab');
    const process = await child(await child(devLab, 'Processes'), plainText(PROCESS));
    assertPlainRow(process, 'process');
    const jobs = await children(await child(devLab, 'Jobs'));
    const job = jobs.find((row) => String(row.item().label) === plainText(PROCESS));
    assert.ok(job, `a job row of the process among ${jobs.map((row) => String(row.item().label)).join(', ')}`);
    assertPlainRow(job, 'job');
  });

  it("a queue item row and the command wrapper's error notification quote the reference as plain text", async function () {
    this.timeout(60_000);
    assert.ok(queueRow, 'the queue row of the previous test');
    // As the user adds it: the reference typed, the priority and the empty content as offered.
    const adding: Answer[] = [
      { title: /\(1\/3\): reference$/, answer: REFERENCE },
      { title: /\(2\/3\): priority$/, pick: 'Normal' },
      { title: /\(3\/3\): specific content$/, enter: true },
    ];
    const { asked } = await answering(ctx, adding, () =>
      vscode.commands.executeCommand('orchestrator.addQueueItem', queueRow),
    );
    for (const prompt of asked)
      assert.deepEqual(
        markupIn(prompt.title, 'plain'),
        [],
        `the prompt's title quotes the queue name as plain text: ${prompt.title}`,
      );
    const newItems = await child(queueRow, 'New');
    ctx.explorer.refresh(newItems);
    const rows = (await children(newItems)).filter((row) => row.row?.kind === 'queueItem');
    assert.equal(rows.length, 1, 'the item just added');
    assertPlainRow(rows[0]!, 'queue item');
    // The same reference again: the service refuses it, quoting the reference and the queue name.
    const logged = ctx.log.recent().length;
    await answering(ctx, adding, () => vscode.commands.executeCommand('orchestrator.addQueueItem', queueRow));
    const notified = ctx.log
      .recent()
      .slice(logged)
      .filter((line) => line.startsWith('info Notified: '));
    assert.equal(notified.length, 1, ctx.log.recent().slice(logged).join('\n'));
    const shown = notified[0]!.slice('info Notified: '.length);
    assert.match(shown, /^Add Queue Item failed: .*already exists/, shown);
    assert.deepEqual(markupIn(shown, 'plain'), [], shown);
  });

  it('a queue item with 10,001 values and a 1,001-character key reaches its panel (not dropped on the way)', async function () {
    this.timeout(60_000);
    const content: Record<string, string | number> = { ['K'.repeat(1_001)]: 'a key longer than the old bound' };
    for (let i = 0; i < 10_001; i++) content[`v${i}`] = i;
    const added = await client().queues.addItem(
      { Name: QUEUE, Reference: 'large', SpecificContent: content },
      { folder: { id: folderId } },
    );
    const panel = await ctx.panels.showQueueItem(
      { connectionId: admin().id, folderId, itemId: added.Id },
      { queueName: QUEUE },
    );
    await panel.load();
    const shown = panel.current;
    assert.equal(shown?.type, 'show', JSON.stringify(shown ?? null).slice(0, 300));
    if (shown?.type !== 'show') return;
    assert.equal(shown.item.specificContent.length, 10_002);
    assert.equal(shown.item.specificContent[0]!.key.length, 1_001);
    assert.ok(!ctx.log.recent().some((line) => line.includes('Not sent to the queue item panel')), 'the host sent it');
  });
});
