import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { discardDraft } from '../documents/documentApply';
import { documentOf } from './documentOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { documentCommand, DocumentWhen, nls } from './contribution';

type Uses = Pick<Services, 'documents' | 'input'>;

/** Discard Draft: the document shows what the service holds again. */
export const discardDocumentDraft: CommandDefinition<Uses> = {
  id: CommandId.discardDocumentDraft,
  contributes: documentCommand(nls('Discard Draft…'), '$(discard)', 3, DocumentWhen.drafted),
  title: t('Discard Draft'),
  asksFirst: true,
  async run({ ctx }, arg) {
    const message = await discardDraft(ctx, documentOf(arg));
    void vscode.window.showInformationMessage(plainText(message));
    return message;
  },
};
