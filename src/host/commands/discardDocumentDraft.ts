import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { discardDraft } from '../documents/documentApply';
import { documentOf } from './documentOf';
import type { Ctx } from '../../ctx';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';

type Uses = Pick<Ctx, 'documents' | 'input'>;

/** Discard Draft: the document shows what the service holds again. */
export const discardDocumentDraft: CommandDefinition<Uses> = {
  id: CommandId.discardDocumentDraft,
  title: 'Discard Draft',
  asksFirst: true,
  async run({ ctx }, arg) {
    const message = await discardDraft(ctx, documentOf(arg));
    void vscode.window.showInformationMessage(plainText(message));
    return message;
  },
};
