// Inside the editor (integration suite, bench session): the extension's context, which activate() hands out only
// when the extension runs for development or tests (src/extension.ts).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import type { Ctx } from '../../src/ctx';
import type { OrchestratorWorkbenchApi } from '../../src/extension';

export async function extensionContext(): Promise<Ctx> {
  const api = await vscode.extensions.getExtension<OrchestratorWorkbenchApi>(EXTENSION_ID)!.activate();
  assert.ok(api.testing, 'the extension runs in test mode and hands out its context');
  return api.testing;
}
