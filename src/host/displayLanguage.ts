import * as vscode from 'vscode';
import { loadBundle } from '../core/l10n';

// The first module extension.ts imports. Modules build their tables (command titles, the row kinds a refusal names,
// the fields Edit Connection lists) when they are loaded, before activate() runs: the display language's messages
// must be in place by then, or those tables stay English.
loadBundle(vscode.l10n.bundle);
