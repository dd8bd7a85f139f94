import * as vscode from 'vscode';
import { CommandId } from '../../constants';
import { discardDraft } from '../documents/documentApply';
import { documentOf } from './documentOf';
import type { CommandDefinition } from './registry';
import { plainText } from '../../core/presentation/plainText';

/** Discard Draft: the document shows what the service holds again. */
export const discardDocumentDraft: CommandDefinition = {
  id: CommandId.discardDocumentDraft,
  title: 'Discard Draft',
  asksFirst: true,
  async run({ ctx }, arg) {
    const message = await discardDraft(ctx, documentOf(arg));
    void vscode.window.showInformationMessage(plainText(message));
    return message;
  },
};
