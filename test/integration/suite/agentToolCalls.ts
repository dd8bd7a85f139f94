// What the language-model tool suites share: a call as the chat makes it, the requests it sent (sandbox tally) and
// a read-only connection for the length of a check.
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { activateSignedIn, quiescent, resetTally, tally } from './treeWalk';

/** The tool's answer, as the model reads it. */
export async function call(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/**
 * Requests by "METHOD route" since the last reset, without the sign-in's own and the service definition a
 * connection's first request reads once (dialects.ts), whichever test comes first.
 */
export const requests = async () =>
  Object.entries(await tally()).filter(([route]) => !/\/(identity|connect|swagger)\//.test(route));
export const total = (counted: [string, number][]) => counted.reduce((sum, [, n]) => sum + n, 0);
/** The changes among them (anything but GET). */
export const changesOf = (counted: [string, number][]) => counted.filter(([route]) => !route.startsWith('GET '));

/** Runs `check` with every connection read-only, then puts the settings back (and waits for each switch). */
export async function whileReadOnly(ctx: Ctx, check: () => Promise<void>): Promise<void> {
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const sandbox = () => ctx.connections.all().find((c) => c.label === 'Sandbox')!;
  const original = config().get<Record<string, unknown>[]>('connections')!;
  try {
    await config().update(
      'connections',
      original.map((c) => ({ ...c, protection: 'readOnly' })),
      vscode.ConfigurationTarget.Global,
    );
    for (let i = 0; i < 50 && sandbox().protection !== 'readOnly'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await check();
  } finally {
    await config().update('connections', original, vscode.ConfigurationTarget.Global);
    for (let i = 0; i < 50 && sandbox().protection === 'readOnly'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The answer to an input the tool should refuse: the editor may check the declared schema itself, a refusal too. */
export async function refusal(name: string, input: object): Promise<string> {
  try {
    return await call(name, input);
  } catch (error) {
    return String(error);
  }
}

/**
 * The hooks of a tool suite: signed in to the sandbox with auto-refresh off, each test starting from a quiet
 * connection and an empty tally, signed out after. The context is `suite.ctx` once `before` ran.
 */
export function toolSuite(): { ctx: Ctx } {
  let signedIn: Ctx | undefined;
  const suite = {
    get ctx(): Ctx {
      if (!signedIn) throw new Error('The suite has not signed in yet (before).');
      return signedIn;
    },
  };
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const sent = () =>
    suite.ctx.clientFor(suite.ctx.connections.all().find((c) => c.label === 'Sandbox')!).transport.sent;
  before(async function () {
    this.timeout(60_000);
    signedIn = await activateSignedIn('Sandbox');
    await config().update('explorer.autoRefreshSeconds', 0, vscode.ConfigurationTarget.Global);
    await quiescent(sent);
  });
  beforeEach(async () => {
    await quiescent(sent);
    await resetTally();
  });
  after(async () => {
    await config().update('explorer.autoRefreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    for (const account of suite.ctx.sessions.accounts()) await suite.ctx.sessions.remove(account.id);
  });
  return suite;
}
