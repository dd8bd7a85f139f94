// What the language-model tool suites share: a call as the chat makes it, the requests it sent (sandbox tally) and
// a read-only connection for the length of a check.
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { jobsEnded, quiescent, resetTally } from './treeWalk';
import { signedInSuite } from './suiteHooks';
import { callTool as call, whileReadOnly as readOnlyWhile } from './toolCalls';

// The calls, their requests and the read-only switch are toolCalls.ts's, under the names the queue suite reads.
export { callTool as call, changesOf, toolRequests as requests, totalOf as total } from './toolCalls';

/** Runs `check` with every connection read-only (toolCalls.ts's switch, on the sandbox connection). */
export const whileReadOnly = (ctx: Ctx, check: () => Promise<void>) => readOnlyWhile(ctx, 'Sandbox', check);

/** The answer to an input the tool should refuse: the editor may check the declared schema itself, a refusal too. */
export async function refusal(name: string, input: object): Promise<string> {
  try {
    return await call(name, input);
  } catch (error) {
    return String(error);
  }
}

/**
 * The hooks of a tool suite: signed in to the sandbox (and its idea service with `ideas`) with auto-refresh off, each
 * test starting from a quiet connection and an empty tally, signed out after. The context is `suite.ctx` once
 * `before` ran.
 */
export function toolSuite(options: { ideas?: boolean } = {}): { readonly ctx: Ctx } {
  const suite = signedInSuite('Sandbox', options);
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const sent = () =>
    suite.ctx.clientFor(suite.ctx.connections.all().find((c) => c.label === 'Sandbox')!).transport.sent;
  before(async function () {
    this.timeout(60_000);
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    await quiescent(sent);
  });
  beforeEach(async function () {
    this.timeout(120_000);
    await jobsEnded(suite.ctx, 90_000);
    await quiescent(sent);
    await resetTally();
  });
  after(async () => {
    await config().update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
  });
  return suite;
}
