// Issue 33: a chat answer leads into the editor. A tool whose input names one job or queue item shows, with its
// progress in the chat, a link that opens it in its panel: trusted for our one command only, with the service's and
// the model's text kept as text; the command checks its argument again and only opens a panel.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../../src/constants';
import { prepareTool } from '../../../src/host/agents/toolRunner';
import { ToolName } from '../../../src/host/agents/toolNames';
import { call, changesOf, requests, toolSuite, total } from './agentToolCalls';
import { resetTally } from './treeWalk';

const FOLDER = 'Dev Lab';

describe('Links from the chat into the editor', () => {
  const suite = toolSuite();

  /** The invocation message's link: the markdown, the commands it may run, and the arguments it passes. */
  const linkOf = async (name: string, input: object) => {
    const message = (await prepareTool(suite.ctx, name, input))?.invocationMessage;
    assert.ok(message instanceof vscode.MarkdownString, `${name}: a link, not plain text (${String(message)})`);
    const links = [...message.value.matchAll(/\]\(command:([\w.]+)\?([^)\s]+)\)/g)];
    assert.equal(links.length, 1, message.value);
    assert.equal(links[0]![1], CommandId.openFromChat);
    return { message, args: JSON.parse(decodeURIComponent(links[0]![2]!)) as unknown[] };
  };

  it('job details links to the job panel; the link opens it, trusted for that one command only', async function () {
    this.timeout(60_000);
    const key = /key=([0-9a-f-]{36})/.exec(
      await call(ToolName.listJobs, { folder: FOLDER, state: 'Successful', top: 1 }),
    )![1]!;
    const { message, args } = await linkOf(ToolName.jobDetails, { folder: FOLDER, jobKey: key });
    assert.deepEqual(message.isTrusted, { enabledCommands: [CommandId.openFromChat] });
    // The text part as the editor escapes it (spaces kept as non-breaking ones), then our link.
    assert.match(
      message.value.replace(/&nbsp;/g, ' '),
      new RegExp(`^Reading job ${key} · \\[\\$\\(link-external\\) Open the job and its log\\]`),
    );
    const sandbox = suite.ctx.connections.all().find((c) => c.label === 'Sandbox')!;
    assert.deepEqual(args, [{ kind: 'job', connection: sandbox.id, folder: FOLDER, jobKey: key }]);

    await resetTally();
    await vscode.commands.executeCommand(CommandId.openFromChat, ...args);
    const folder = (await suite.ctx.clientFor(sandbox).folders.list({ query: { top: 50 } })).items.find(
      (f) => f.FullyQualifiedName === FOLDER,
    )!;
    const panel = suite.ctx.panels.jobPanel({ connectionId: sandbox.id, folderId: folder.Id, jobKey: key });
    assert.ok(panel, 'the job panel is open');
    // Its first reading done before it closes, so none of its requests lands in the next test's count.
    await panel.load();
    assert.equal(panel.current?.type, 'show', JSON.stringify(panel.current).slice(0, 300));
    assert.deepEqual(changesOf(await requests()), [], 'opening changes nothing');
    panel.dispose();
  });

  it("one queue item retried links to the item's panel; several link to none", async function () {
    this.timeout(60_000);
    const one = await linkOf(ToolName.retryQueueItems, { folder: 'Shared/HR', queue: 'NewHires', itemIds: [7] });
    assert.equal((one.args[0] as { kind: string; itemId: number }).itemId, 7);
    assert.match(one.message.value, /Open the queue item\]/);
    const several = await prepareTool(suite.ctx, ToolName.retryQueueItems, {
      folder: 'Shared/HR',
      queue: 'NewHires',
      itemIds: [7, 8],
    });
    assert.equal(typeof several?.invocationMessage, 'string');
  });

  it("a hostile queue name stays text beside the link; a link's argument is checked again, nothing is sent", async function () {
    this.timeout(60_000);
    const hostile = 'Q](command:workbench.action.quit) ![x](https://example.invalid/x.png) <img src=x>';
    const { message } = await linkOf(ToolName.retryQueueItems, { folder: 'Shared/HR', queue: hostile, itemIds: [7] });
    assert.equal(message.value.match(/\]\(command:/g)?.length, 1, 'only our link is a link');
    assert.ok(!/!\[x\]\(/.test(message.value), 'no image');
    assert.ok(!message.supportHtml, 'no HTML');
    // A folder name that would close the link's address stays inside its argument, which reads back as it was.
    const folder = 'a) **b** (www.x.example ~!*';
    const odd = await linkOf(ToolName.retryQueueItems, { folder, queue: 'NewHires', itemIds: [7] });
    assert.equal((odd.args[0] as { folder: string }).folder, folder);
    assert.ok(!/[()!*~']/.test(/command:[^?]+\?(.*)\)$/.exec(odd.message.value)![1]!), odd.message.value);

    await resetTally();
    for (const bad of [
      undefined,
      { kind: 'job', folder: FOLDER, jobKey: "x' or 1 eq 1" },
      { kind: 'queueItem', folder: FOLDER, itemId: -1 },
      { kind: 'delete', folder: FOLDER },
      'orchestrator.startJob',
    ])
      await vscode.commands.executeCommand(CommandId.openFromChat, bad);
    assert.equal(total(await requests()), 0, JSON.stringify(await requests()));
  });

  it('a tool without one thing to open, or a connection the call cannot use, shows plain progress', async function () {
    this.timeout(30_000);
    const list = await prepareTool(suite.ctx, ToolName.listJobs, { folder: FOLDER });
    assert.equal(typeof list?.invocationMessage, 'string');
    const key = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    const elsewhere = await prepareTool(suite.ctx, ToolName.jobDetails, {
      connection: 'Nowhere',
      folder: FOLDER,
      jobKey: key,
    });
    assert.equal(elsewhere?.invocationMessage, `Reading job ${key}`);
  });
});
