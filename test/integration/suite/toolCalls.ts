// The language-model tools as a test calls them: as the chat does (`vscode.lm.invokeTool`), with the sandbox's own
// request tally, and a connection's protection level set for one test. Shared by the agentTools*.test.ts files.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ideaSecretKey } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { answering } from '../../../src/host/ui/scriptedInput';
import { resetTally, tally } from './treeWalk';

/** The tool's answer, as the model reads it. */
export async function callTool(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/**
 * Requests by "METHOD route" since the last reset, without the sign-in's own and the service definition a
 * connection's first request reads once (dialects.ts), whichever test comes first.
 */
export const toolRequests = async () =>
  Object.entries(await tally()).filter(([route]) => !/\/(identity|connect|swagger)\//.test(route));
export const totalOf = (counted: [string, number][]) => counted.reduce((sum, [, n]) => sum + n, 0);
/** The requests that are not reads. */
export const changesOf = (counted: [string, number][]) => counted.filter(([route]) => !route.startsWith('GET '));

/** Each input is refused with what is wrong (by the tool, or by the editor checking the declared schema first). */
export async function assertRefused(calls: readonly (readonly [string, object, RegExp])[]): Promise<void> {
  for (const [name, input, wrong] of calls) {
    let text: string;
    try {
      text = await callTool(name, input);
    } catch (error) {
      // The editor may check the declared schema itself before the tool runs: a refusal either way.
      text = String(error);
    }
    assert.match(text, wrong, `${name}: ${text}`);
  }
}

/** Runs `body` with every connection read-only, then puts the connections back as they were. */
export async function whileReadOnly<T>(ctx: Ctx, label: string, body: () => Promise<T>): Promise<T> {
  const config = vscode.workspace.getConfiguration('orchestrator');
  const original = config.get<Record<string, unknown>[]>('connections')!;
  const protection = () => ctx.connections.all().find((c) => c.label === label)?.protection;
  const settled = async (done: () => boolean) => {
    for (let i = 0; i < 50 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  try {
    const readOnly = original.map((c) => ({ ...c, protection: 'readOnly' }));
    await config.update('connections', readOnly, vscode.ConfigurationTarget.Global);
    await settled(() => protection() === 'readOnly');
    return await body();
  } finally {
    await config.update('connections', original, vscode.ConfigurationTarget.Global);
    await settled(() => protection() !== 'readOnly');
  }
}

/** After a suite: the idea-service credentials it stored are forgotten and every account signs out. */
export async function forgetSignIns(ctx: Ctx, ideasOf?: string): Promise<void> {
  if (ideasOf) {
    await ctx.extension.secrets.delete(ideaSecretKey(ideasOf));
    ctx.ideaCredentialsChanged();
  }
  for (const account of ctx.sessions.accounts()) await ctx.sessions.remove(account.id);
}

/** A change tool on a read-only connection: refused, nothing asked, 0 requests. */
export async function assertReadOnlyRefuses(ctx: Ctx, name: string, input: object): Promise<void> {
  await resetTally();
  const { result, asked } = await answering(ctx, [], () => callTool(name, input));
  assert.match(result, /read-only/);
  assert.deepEqual(asked, [], 'nothing asked');
  assert.equal(totalOf(await toolRequests()), 0, JSON.stringify(await toolRequests()));
}

/** The fields the sandbox's idea form requires, besides the name. */
export const IDEA_VALUES = {
  description: 'Match supplier invoices to purchase orders.',
  category: 2,
  frequency: 'weekly',
  rulesBased: true,
  applications: ['sap', 'excel'],
  hoursSavedPerMonth: 12,
};
