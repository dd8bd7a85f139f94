// Loaded as extensionTestsPath in a new workbench window: reports what activating the (production) extension cost,
// as the extension itself recorded it.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../../src/constants';
import type { Ctx } from '../../../src/ctx';
import { report } from './report';

export async function run(): Promise<void> {
  const ctx = await vscode.extensions.getExtension<Ctx>(EXTENSION_ID)!.activate();
  await ctx.ready;
  report({ activation: ctx.activation });
}
