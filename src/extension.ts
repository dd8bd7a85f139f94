import type * as vscode from 'vscode';
import { Ctx } from './ctx';

let ctx: Ctx | undefined;

/** Builds the one context object that owns every service and disposable; nothing else happens here. */
export function activate(context: vscode.ExtensionContext): Ctx {
  ctx = new Ctx(context);
  return ctx;
}

export function deactivate(): void {
  ctx?.dispose();
  ctx = undefined;
}
