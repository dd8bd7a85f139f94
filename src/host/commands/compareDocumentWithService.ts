import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { serviceUriOf } from '../documents/documentUris';
import { documentOf } from './documentOf';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { documentCommand, DocumentWhen, nls } from './contribution';

type Uses = Pick<Services, 'documents'>;

/** Compare with Service: the service's current copy beside the document. */
export const compareDocumentWithService: CommandDefinition<Uses> = {
  id: CommandId.compareDocumentWithService,
  contributes: documentCommand(nls('Compare with Service'), '$(diff)', 2, DocumentWhen.editable, DocumentWhen.open),
  title: t('Compare with Service'),
  async run({ ctx }, arg) {
    const uri = documentOf(arg);
    const { target } = ctx.documents.resolve(uri);
    await vscode.commands.executeCommand('vscode.diff', serviceUriOf(target), uri, t('On the service ↔ your document'));
    return uri.toString();
  },
};
