import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { discardDraft } from '../documents/documentApply';
import { documentOf } from './documentOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';
import { t } from '../../core/l10n';
import { nls } from './contribution';

type Uses = Pick<Services, 'documents' | 'input'>;

/** Discard Draft: the document shows what the service holds again. */
export const discardDocumentDraft: CommandDefinition<Uses> = {
  id: CommandId.discardDocumentDraft,
  contributes: {
    title: nls('Discard Draft…'),
    icon: '$(discard)',
    palette: { when: 'resourceScheme == orchestrator && resource in orchestrator.documentDrafts' },
    editorTitle: [
      {
        when: 'resourceScheme == orchestrator && resource in orchestrator.documentDrafts',
        group: 'navigation',
        order: 3,
      },
    ],
  },
  title: t('Discard Draft'),
  asksFirst: true,
  async run({ ctx }, arg) {
    const message = await discardDraft(ctx, documentOf(arg));
    void vscode.window.showInformationMessage(plainText(message));
    return message;
  },
};
