import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { SCHEME } from '../../core/documents/orchestratorUri';
import type { OrchestratorFileSystem } from './orchestratorFileSystem';
import { t } from '../../core/l10n';

/** Code lens titles render `$(name)` as icons: text from settings or a service must not. */
const plain = (text: string) => text.replace(/\$\(/g, '$\u200b(');

const lens = (title: string, command = '', args: unknown[] = [], tooltip?: string) =>
  new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title, command, arguments: args, tooltip });

/**
 * What the top of an `orchestrator:` document says before the user types: why it is read-only, or that edits stay
 * a draft until Apply to Service (with Apply, Compare and Discard at hand). A tab with a draft carries a badge.
 */
export function showDocumentState(documents: OrchestratorFileSystem): vscode.Disposable {
  const lensesChanged = new vscode.EventEmitter<void>();
  const decorationsChanged = new vscode.EventEmitter<vscode.Uri>();
  const lenses: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: lensesChanged.event,
    provideCodeLenses(document) {
      let state: { server: boolean; reason?: string; draft: boolean; package: boolean };
      try {
        const { server, target } = documents.resolve(document.uri);
        state = {
          server,
          reason: documents.readOnlyReason(document.uri),
          draft: documents.drafts.has(document.uri),
          package: target.kind === 'packageArguments',
        };
      } catch {
        return [];
      }
      if (state.server) return [lens(t('$(cloud) What the service holds now (read-only)'))];
      if (state.reason) return [lens(t('$(lock) Read-only: {0}', plain(state.reason)), '', [], plain(state.reason))];
      const args = [document.uri];
      return [
        // No field tells how a package arrived, and only SetArguments itself (a change) would find out: said up front.
        ...(state.package
          ? [
              lens(
                t(
                  '$(warning) The service may refuse changes to packages uploaded through the API, the packages page or the feed',
                ),
                '',
                [],
                t(
                  'The service does not tell how a package was uploaded until a change is refused. If Apply is refused, this document turns read-only with the reason, and your text stays; input values can still be set on a process or a job.',
                ),
              ),
            ]
          : []),
        lens(
          state.draft
            ? t('$(edit) Draft: not applied to the service yet')
            : t('$(info) Saving keeps a draft here; nothing is sent until you apply it'),
          '',
          [],
          t('Saving (or auto-save) never changes the service. Apply to Service shows what will change and sends it.'),
        ),
        lens(t('$(cloud-upload) Apply to Service…'), CommandId.applyDocument, args),
        lens(t('$(diff) Compare with Service'), CommandId.compareDocumentWithService, args),
        ...(state.draft ? [lens(t('$(discard) Discard Draft…'), CommandId.discardDocumentDraft, args)] : []),
      ];
    },
  };
  const decorations: vscode.FileDecorationProvider = {
    onDidChangeFileDecorations: decorationsChanged.event,
    provideFileDecoration(uri) {
      if (uri.scheme !== SCHEME || !documents.drafts.has(uri)) return undefined;
      return {
        badge: 'D',
        tooltip: t('Draft: not applied to the service'),
        color: new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'),
      };
    },
  };
  return vscode.Disposable.from(
    lensesChanged,
    decorationsChanged,
    vscode.languages.registerCodeLensProvider({ scheme: SCHEME }, lenses),
    vscode.window.registerFileDecorationProvider(decorations),
    documents.drafts.onDidChange((uri) => {
      lensesChanged.fire();
      decorationsChanged.fire(uri);
    }),
    documents.onDidChangeFile(() => lensesChanged.fire()),
  );
}
