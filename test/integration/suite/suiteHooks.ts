// The hooks suites share, registered on the suite that calls them (from inside its `describe`, never at a file's top
// level: see test/unit/suiteHooks.test.ts).
import * as vscode from 'vscode';
import type { Ctx } from '../../../src/ctx';
import { extensionContext } from '../../support/extensionContext';
import { forgetSignIns } from './toolCalls';
import { activateSignedIn, faults, treeWalk } from './treeWalk';

/**
 * A suite signed in to one connection (and its idea service with `ideas`) before its tests; after them the fault
 * rules are cleared, the editors closed and every sign-in forgotten (the idea credentials too), so the next suite
 * starts signed out. The context is `suite.ctx` once `before` ran; the connection, its request counts and the two
 * views' walks come with it.
 */
export function signedInSuite(label: string, options: { ideas?: boolean } = {}) {
  let signedIn: Ctx | undefined;
  const suite = {
    get ctx(): Ctx {
      if (!signedIn) throw new Error('The suite has not signed in yet (before).');
      return signedIn;
    },
  };
  before(async function () {
    this.timeout(60_000);
    signedIn = await activateSignedIn(label, options);
  });
  after(async () => {
    await faults([]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const connection = suite.ctx.connections.all().find((c) => c.label === label);
    await forgetSignIns(suite.ctx, options.ideas ? connection?.id : undefined);
  });
  const connection = () => suite.ctx.connections.all().find((c) => c.label === label)!;
  return {
    get ctx(): Ctx {
      return suite.ctx;
    },
    /** The connection, and the requests its clients have sent so far. */
    connection,
    sent: () => suite.ctx.clientFor(connection()).transport.sent,
    ideaSent: async () => (await suite.ctx.ideasClientFor(connection())).transport.sent,
    /** The Orchestrator and Ideas views, walked as the editor asks for their rows. */
    explorer: treeWalk(() => suite.ctx.explorer),
    ideas: treeWalk(() => suite.ctx.ideas),
  };
}

/**
 * A suite that changes the connections: the setting and the active connection are put back after it, the editors
 * closed and every sign-in forgotten. The context is `suite.ctx` once `before` ran.
 */
export function connectionsKept(): { readonly ctx: Ctx } {
  let context: Ctx | undefined;
  let original: unknown[] = [];
  let active: ReturnType<Ctx['active']['get']>;
  const config = () => vscode.workspace.getConfiguration('orchestrator');
  const suite = {
    get ctx(): Ctx {
      if (!context) throw new Error('The suite has not started yet (before).');
      return context;
    },
  };
  before(async () => {
    context = await extensionContext();
    await context.ready;
    original = config().get<unknown[]>('connections')!;
    active = context.active.get();
  });
  after(async () => {
    await config().update('connections', original, vscode.ConfigurationTarget.Global);
    await suite.ctx.active.set(active);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await forgetSignIns(suite.ctx);
  });
  return suite;
}
