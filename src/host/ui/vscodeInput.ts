import * as vscode from 'vscode';
import { plainText } from '../../core/presentation/plainText';
import type { InputStep, PickStep, StepAnswer, UserInput } from './userInput';
import { t } from '../../core/l10n';
import { errorMessage } from '../../core/errorMessage';

/** The user's answers, through the editor's own prompts. */
export const vscodeInput: UserInput = {
  async pick(items, options) {
    return vscode.window.showQuickPick(items, options);
  },
  async pickMany(items, options) {
    return vscode.window.showQuickPick(items, { ...options, canPickMany: true });
  },
  async input(options) {
    return vscode.window.showInputBox(options);
  },
  async confirm({ message, detail, actions, modal, severity }) {
    if (modal) {
      // Each line of the detail may quote service text (a change listed by name); long lists stay readable whole.
      const lines =
        detail === undefined
          ? {}
          : {
              detail: detail
                .split('\n')
                .map((line) => plainText(line, { maxLength: 5_000 }))
                .join('\n'),
            };
      return vscode.window.showWarningMessage(plainText(message), { modal: true, ...lines }, ...actions);
    }
    return severity === 'information'
      ? vscode.window.showInformationMessage(plainText(message), ...actions)
      : vscode.window.showWarningMessage(plainText(message), ...actions);
  },
  async openFile({ title, filters }) {
    return (await vscode.window.showOpenDialog({ title, filters, canSelectMany: false }))?.[0];
  },
  async saveFile(options) {
    return vscode.window.showSaveDialog(options);
  },
  async openExternal(url) {
    return vscode.env.openExternal(vscode.Uri.parse(url, true));
  },
  inputStep,
  pickStep,
};

function inputStep(step: InputStep): Promise<StepAnswer<string>> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    Object.assign(box, {
      title: step.title,
      prompt: step.prompt,
      value: step.value,
      step: step.step,
      totalSteps: step.totalSteps,
      password: step.password,
      ignoreFocusOut: true,
    });
    box.buttons = step.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    // An empty box is not scolded while the user has not typed yet; Enter on it is checked like any value.
    const check = () => (box.validationMessage = box.value.length > 0 ? step.validate(box.value) : undefined);
    check();
    let done = false;
    const finish = (answer: StepAnswer<string>) => {
      done = true;
      box.dispose();
      resolve(answer);
    };
    box.onDidChangeValue(check);
    box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish('back'));
    box.onDidAccept(() => {
      const problem = step.validate(box.value);
      if (problem) {
        box.validationMessage = problem;
        return;
      }
      finish({ value: box.value });
    });
    box.onDidHide(() => !done && finish(undefined));
    box.show();
  });
}

function pickStep<T extends vscode.QuickPickItem>(step: PickStep<T>): Promise<StepAnswer<readonly T[]>> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<T>();
    Object.assign(pick, {
      title: step.title,
      placeholder: step.placeholder,
      step: step.step,
      totalSteps: step.totalSteps,
      ignoreFocusOut: true,
      canSelectMany: step.many,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    pick.buttons = step.canGoBack ? [vscode.QuickInputButtons.Back] : [];
    pick.busy = true;
    void step.items().then(
      (items) => {
        pick.items = items;
        if (step.many) pick.selectedItems = items.filter((i) => i.picked);
        pick.busy = false;
      },
      (error: unknown) => {
        pick.busy = false;
        pick.placeholder = t('Could not load the choices: {0}', errorMessage(error));
      },
    );
    let done = false;
    const finish = (answer: StepAnswer<readonly T[]>) => {
      done = true;
      pick.dispose();
      resolve(answer);
    };
    pick.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish('back'));
    pick.onDidAccept(() => {
      const chosen = step.many ? pick.selectedItems : pick.selectedItems.slice(0, 1);
      // Enter with nothing to choose (everything filtered away) on a single pick does nothing.
      if (!step.many && chosen.length === 0) return;
      const refusal = step.refuse(chosen);
      if (refusal) pick.placeholder = refusal;
      else if (!step.settle) finish({ value: chosen });
      else if (!pick.busy) {
        // The pick stays up, busy, while what the next steps need is read; Escape still cancels.
        pick.busy = true;
        pick.enabled = false;
        step.settle(chosen).then(
          () => !done && finish({ value: chosen }),
          (error: unknown) => {
            pick.busy = false;
            pick.enabled = true;
            pick.placeholder = t('Could not load the next step: {0}', errorMessage(error));
          },
        );
      }
    });
    pick.onDidHide(() => !done && finish(undefined));
    pick.show();
  });
}
