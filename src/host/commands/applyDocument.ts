import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { ApplyConflict, applyDraft } from '../documents/documentApply';
import { compareDocumentWithService } from './compareDocumentWithService';
import { documentOf } from './documentOf';
import type { Services } from '../services';
import { FailureWithActions } from './failureWithActions';
import { runCommand, type CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { documentCommand, DocumentWhen, nls } from './contribution';

type Uses = Pick<Services, 'clientFor' | 'connections' | 'documents' | 'explorer' | 'input' | 'log'>;

/**
 * Apply to Service: sends a document's draft after showing what will change (the only way edits reach the service).
 * A conflict (the service's copy changed since the draft began) offers Compare and Apply Again: nothing more is sent
 * unless Apply Again is clicked, and then only through the same listing and confirmation.
 */
export const applyDocument: CommandDefinition<Uses> = {
  id: CommandId.applyDocument,
  contributes: documentCommand(nls('Apply to Service…'), '$(cloud-upload)', 1, DocumentWhen.editable),
  title: t('Apply to Service'),
  asksFirst: true,
  async run({ ctx, progressTitle }, arg) {
    const uri = documentOf(arg);
    let message: string;
    try {
      message = await applyDraft(ctx, uri, progressTitle);
    } catch (error) {
      if (!(error instanceof ApplyConflict)) throw error;
      throw new FailureWithActions(error.message, {
        [t('Compare')]: () => runCommand(ctx, compareDocumentWithService, [uri]),
        [t('Apply Again')]: () => runCommand(ctx, applyDocument, [uri]),
      });
    }
    void vscode.window.showInformationMessage(plainText(message));
    return message;
  },
};
