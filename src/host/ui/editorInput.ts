import { onFirstUse } from '../../core/onFirstUse';
import type { UserInput } from './userInput';

// The editor's prompts (vscodeInput.ts) load the first time the extension asks something — a command, a sign-in with
// an application secret — not at activation. Ctx.input starts as this; the integration suite swaps in a script.
const loadEditor = onFirstUse(() => import('./vscodeInput'));
const editor = async () => (await loadEditor()).vscodeInput;

export const editorInput: UserInput = {
  pick: async (items, options) => (await editor()).pick(items, options),
  pickMany: async (items, options) => (await editor()).pickMany(items, options),
  input: async (options) => (await editor()).input(options),
  confirm: async (question) => (await editor()).confirm(question),
  openFile: async (options) => (await editor()).openFile(options),
  saveFile: async (options) => (await editor()).saveFile(options),
  openExternal: async (url) => (await editor()).openExternal(url),
  inputStep: async (step) => (await editor()).inputStep(step),
  pickStep: async (step) => (await editor()).pickStep(step),
};
