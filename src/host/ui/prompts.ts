import * as vscode from 'vscode';
import { plainText } from '../../core/presentation/plainText';

/** The questions commands ask before changing something; one object so the integration suite can answer them. */
export interface Prompts {
  /** A modal question; true when the user chose `action`. */
  confirm(message: string, detail: string, action: string): Promise<boolean>;
}

export const modalPrompts: Prompts = {
  async confirm(message, detail, action) {
    return (await vscode.window.showWarningMessage(plainText(message), { modal: true, detail: detail.split('\n').map((line) => plainText(line, { maxLength: 5_000 })).join('\n') }, action)) === action;
  },
};
