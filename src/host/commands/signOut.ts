import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { connectionIdOf } from '../../core/rows/rowOf';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';

/** Sign Out: removes the account's refresh token from SecretStorage and its access token from memory. */
export const signOut: CommandDefinition = {
  id: CommandId.signOut,
  title: 'Sign Out',
  async run({ ctx }, arg) {
    const connectionId = connectionIdOf(arg);
    const accounts = ctx.sessions.accounts().filter((a) => !connectionId || a.connectionId === connectionId);
    if (accounts.length === 0) {
      void vscode.window.showInformationMessage('You are not signed in to any Orchestrator connection.');
      return;
    }
    const account =
      accounts.length === 1
        ? accounts[0]
        : (
            await ctx.input.pick(
              accounts.map((a) => ({ label: plainText(a.label), account: a })),
              { title: 'Sign out of which account?' },
            )
          )?.account;
    if (!account) return;
    await ctx.sessions.remove(account.id);
    ctx.log.info(`Signed out ${account.label}.`);
    void vscode.window.showInformationMessage(plainText(`Signed out ${account.label}.`));
  },
};
