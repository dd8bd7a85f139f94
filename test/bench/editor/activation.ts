// Loaded as extensionTestsPath in a new workbench window: reports what activating the (production) extension cost,
// as the extension itself recorded it.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { measure } from './report';

export function run(): Promise<void> {
  return measure(async () => {
    const ctx = await vscode.extensions.getExtension<Ctx>(EXTENSION_ID)!.activate();
    await ctx.ready;
    return { activation: ctx.activation };
  });
}
