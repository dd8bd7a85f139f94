import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TreeNode } from '../../../src/host/views/treeNode';

// What the document suites share: opening a row's document through its command, reading its code lenses, waiting.

/** The titles of a document's code lenses (what stands at its top). */
export const lensTitles = async (uri: vscode.Uri) =>
  ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).map(
    (l) => l.command?.title ?? '',
  );

/** Runs a row's document command; the document it answers is the active editor's. */
export const openFromRow = async (command: string, node: TreeNode) => {
  const uri = vscode.Uri.parse((await vscode.commands.executeCommand<string>(command, node))!);
  const editor = vscode.window.activeTextEditor!;
  assert.equal(editor.document.uri.toString(), uri.toString());
  return { uri, editor };
};

/** Waits until a condition holds, polling every 100 ms; fails naming what it waited for after `ms`. */
export const until = async (condition: () => boolean | Promise<boolean>, what: string, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
