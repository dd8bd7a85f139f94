// Issue 33: the idea tools, called as the chat calls them (`vscode.lm.invokeTool`), against the sandbox's idea
// service: results for its seeded ideas, request counts per call, inputs refused before anything is sent, a submit
// refused on a read-only connection with 0 requests, confirmed by the user outside the chat and sent once.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandId } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { DATA_NOTICE } from '../../../src/core/agents/resultText';
import { prepareTool } from '../../../src/host/agents/toolRunner';
import { ToolName } from '../../../src/host/agents/toolNames';
import { answering } from '../../../src/host/ui/scriptedInput';
import {
  assertReadOnlyRefuses,
  assertRefused,
  callTool as call,
  changesOf as writes,
  toolRequests as requests,
  totalOf as total,
  whileReadOnly,
  IDEA_VALUES,
} from './toolCalls';
import { resetTally } from './treeWalk';
import { toolSuite } from './agentToolCalls';

describe('Language-model idea tools on the sandbox', () => {
  let ctx: Ctx;

  // Signed in with the idea service, a quiet connection and an empty tally before each test (agentToolCalls.ts).
  const suite = toolSuite({ ideas: true });
  before(() => void (ctx = suite.ctx));

  it('find ideas: the seeded idea by text, phase and status, in 1 request; a capped list says how to narrow', async function () {
    this.timeout(30_000);
    const text = await call(ToolName.findIdeas, { search: 'invoice', phase: 'Idea', status: 'Awaiting Review' });
    assert.match(text, /^Ideas of "Sandbox" matching "invoice", in phase "Idea", with status "Awaiting Review":/);
    assert.ok(text.includes(DATA_NOTICE), text);
    assert.match(
      text,
      /\n1\. id=1 name="Automate invoice matching" phase="Idea" status="Awaiting Review" submitterId=[23] created=\d{4}-\d\d-\d\dT\S+Z updated=\S+Z/,
    );
    assert.equal(total(await requests()), 1, JSON.stringify(await requests()));

    await resetTally();
    const capped = await call(ToolName.findIdeas, { top: 2 });
    assert.equal(capped.split('\n').filter((line) => /^\d+\. id=/.test(line)).length, 2, capped);
    assert.match(capped, /\n\d+ more; narrow by search, phase or status\.$/);
    assert.equal(total(await requests()), 1, JSON.stringify(await requests()));
  });

  it("idea details: one idea's form fields as the form reads them, in 1 request", async function () {
    this.timeout(30_000);
    const text = await call(ToolName.ideaDetails, { id: 1 });
    assert.match(text, /^Idea 1 of "Sandbox", form "Submit an automation idea" \(version \d+\):/);
    assert.match(text, /key="name" label="Idea name" type=text required=true value=""/);
    assert.match(
      text,
      /key="applications" label="Applications involved" type=multipleChoice required=false value=\[\]/,
    );
    assert.equal(total(await requests()), 1, JSON.stringify(await requests()));
  });

  it("idea details links to the idea's panel, which the link opens", async function () {
    this.timeout(30_000);
    const message = (await prepareTool(ctx, ToolName.ideaDetails, { id: 1 }))?.invocationMessage;
    assert.ok(message instanceof vscode.MarkdownString, String(message));
    assert.deepEqual(message.isTrusted, { enabledCommands: [CommandId.openFromChat] });
    const link = /\]\(command:orchestrator\.openFromChat\?([^)]+)\)/.exec(message.value);
    assert.ok(link, message.value);
    const connectionId = ctx.connections.all().find((c) => c.label === 'Sandbox')!.id;
    const args = JSON.parse(decodeURIComponent(link[1]!)) as unknown[];
    assert.deepEqual(args, [{ kind: 'idea', connection: connectionId, id: 1 }]);
    await vscode.commands.executeCommand(CommandId.openFromChat, ...args);
    const panel = ctx.panels.ideaForm({ connectionId, automationId: 1 });
    assert.ok(panel, 'the idea panel is open');
    assert.equal(panel.panel.title, 'Idea 1');
    // Its reading done before it closes, so none of its requests lands in the next test's count.
    await panel.load();
    panel.dispose();
  });

  it('an input against the schema, or a connection without an idea service, is answered and nothing is sent', async function () {
    this.timeout(30_000);
    await assertRefused([
      [ToolName.findIdeas, { top: 500 }, /top/],
      [ToolName.ideaDetails, { id: 0 }, /id/],
      [ToolName.ideaDetails, { id: '1 or 1' }, /id/],
      [ToolName.submitIdea, { values: IDEA_VALUES }, /name/],
      [ToolName.submitIdea, { name: 'x', values: { description: { nested: true } } }, /values/],
      [ToolName.findIdeas, { connection: 'Nowhere' }, /No connection is named "Nowhere"/],
    ]);
    assert.equal(total(await requests()), 0, JSON.stringify(await requests()));
  });

  it('submit idea: a read-only connection refuses with 0 requests; the confirmation names connection and values', async function () {
    this.timeout(30_000);
    const input = { name: 'Read-only idea', values: IDEA_VALUES };
    const prepared = await prepareTool(ctx, ToolName.submitIdea, input);
    assert.match(prepared?.confirmationMessages?.title ?? '', /"Read-only idea".*Sandbox/);
    assert.match(prepared?.confirmationMessages?.message ?? '', /category = 2\n/);
    assert.match(prepared?.confirmationMessages?.message ?? '', /applications = \["sap","excel"\]/);
    await whileReadOnly(ctx, 'Sandbox', async () => {
      await assertReadOnlyRefuses(ctx, ToolName.submitIdea, input);
    });
  });

  it('submit idea outside the chat: declined sends nothing; the form and the service name bad fields; accepted sends once', async function () {
    this.timeout(60_000);
    const name = `Agent idea ${Date.now()}`;
    const declined = await answering(ctx, [{ title: /Submit the idea "Agent idea/, cancel: true }], () =>
      call(ToolName.submitIdea, { name, values: IDEA_VALUES }),
    );
    assert.match(declined.result, /declined or cancelled/);
    // Nothing of the tool's: the Ideas view may still be reading after the last test switched protections back.
    assert.deepEqual(writes(await requests()), [], 'declined: nothing sent');
    assert.deepEqual(
      (await requests()).filter(([route]) => /idea-(from-)?schema/.test(route)),
      [],
      'declined before the form is read',
    );

    // The idea form's own checks: a missing required field and an unknown one, named; only the form is read.
    const { description: _left, ...withoutDescription } = IDEA_VALUES;
    const checked = await answering(ctx, [{ title: /Submit the idea/, choose: 'Submit' }], () =>
      call(ToolName.submitIdea, { name, values: { ...withoutDescription, nope: 'x' } }),
    );
    assert.match(checked.result, /Nothing was sent\. Fix these fields: nope: .*description: /);
    assert.match(checked.result, /The form's fields: name \(text, required\)/);
    assert.deepEqual(writes(await requests()), [], 'a wrong field sends nothing');

    // A category the form cannot know of: the service's field error, named.
    await resetTally();
    const refused = await answering(ctx, [{ title: /Submit the idea/, choose: 'Submit' }], () =>
      call(ToolName.submitIdea, { name, values: { ...IDEA_VALUES, category: 999 } }),
    );
    assert.match(refused.result, /The idea service refused the idea; nothing was created\. Fields: "category": "/);
    assert.deepEqual(
      writes(await requests()).map(([, n]) => n),
      [1],
      'one POST',
    );

    await resetTally();
    const submitted = await answering(ctx, [{ title: /Submit the idea/, choose: 'Submit' }], () =>
      call(ToolName.submitIdea, { name, values: IDEA_VALUES }),
    );
    const id = /id=(\d+)/.exec(submitted.result)?.[1];
    assert.ok(id, submitted.result);
    assert.match(submitted.result, /phase="Idea" status="Awaiting Review"/);
    // The tool's own: the form, then the submit (the Ideas view's refresh after it is not the tool's).
    const counted = (await requests()).filter(([route]) => /idea-(from-)?schema/.test(route));
    assert.equal(total(counted), 2, JSON.stringify(counted));
    assert.deepEqual(
      writes(counted).map(([route, n]) => [/\/idea-from-schema$/.test(route), n]),
      [[true, 1]],
      'one submit, never repeated',
    );

    const details = await call(ToolName.ideaDetails, { id: Number(id) });
    assert.ok(details.includes(`key="name" label="Idea name" type=text required=true value="${name}"`), details);
    assert.match(details, /key="applications" .* value=\["sap", "excel"\]/);
    assert.match(details, /key="rulesBased" .* value="true"/);
    const found = await call(ToolName.findIdeas, { search: name });
    assert.match(found, new RegExp(`\\n1\\. id=${id} name="${name}"`));
  });
});
