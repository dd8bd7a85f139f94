import * as vscode from 'vscode';

/** One step of a multi-step input: a text box with live validation, or a pick. */
export type Step<S> =
  | { kind: 'input'; title: string; prompt: string; value: (state: S) => string; validate: (value: string, state: S) => string | undefined; apply: (state: S, value: string) => void; password?: boolean; skip?: (state: S) => boolean }
  | {
    kind: 'pick'; title: string; placeholder?: string;
    /** May load (the pick shows busy meanwhile); a load failure is shown in the pick and ends the steps. */
    items: (state: S) => PickItem[] | Promise<PickItem[]>;
    /** Several may be chosen; apply receives their values joined with commas. */
    many?: boolean;
    apply: (state: S, value: string) => void; skip?: (state: S) => boolean;
  };

/** `inert` rows only show something (a summary line): choosing one keeps the pick open. */
export type PickItem = vscode.QuickPickItem & { value: string; inert?: boolean };

/**
 * Runs the steps in order with a Back button, validating as the user types; resolves undefined when cancelled. The
 * steps may depend on earlier answers (a function of the state, asked again before each step).
 */
export async function runSteps<S>(state: S, allSteps: Step<S>[] | ((state: S) => Step<S>[])): Promise<S | undefined> {
  let index = 0;
  const history: number[] = [];
  const stepsNow = () => (typeof allSteps === 'function' ? allSteps(state) : allSteps);
  for (let steps = stepsNow(); index < steps.length; steps = stepsNow()) {
    const step = steps[index]!;
    if (step.skip?.(state)) {
      index++;
      continue;
    }
    const total = steps.filter((s) => !s.skip?.(state)).length;
    const position = steps.slice(0, index + 1).filter((s) => !s.skip?.(state)).length;
    const result = step.kind === 'input' ? await inputStep(step, state, position, total, history.length > 0) : await pickStep(step, state, position, total, history.length > 0);
    if (result === undefined) return undefined;
    if (result === 'back') {
      index = history.pop() ?? 0;
      continue;
    }
    step.apply(state, result);
    history.push(index);
    index++;
  }
  return state;
}

function inputStep<S>(step: Extract<Step<S>, { kind: 'input' }>, state: S, position: number, total: number, canGoBack: boolean): Promise<string | 'back' | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    Object.assign(box, { title: step.title, prompt: step.prompt, value: step.value(state), step: position, totalSteps: total, password: step.password ?? false, ignoreFocusOut: true });
    box.buttons = canGoBack ? [vscode.QuickInputButtons.Back] : [];
    const check = () => (box.validationMessage = box.value.length > 0 ? step.validate(box.value, state) : undefined);
    check();
    let done = false;
    const finish = (value: string | 'back' | undefined) => {
      done = true;
      box.dispose();
      resolve(value);
    };
    box.onDidChangeValue(check);
    box.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish('back'));
    box.onDidAccept(() => {
      const problem = step.validate(box.value, state);
      if (problem) {
        box.validationMessage = problem;
        return;
      }
      finish(box.value.trim());
    });
    box.onDidHide(() => !done && finish(undefined));
    box.show();
  });
}

function pickStep<S>(step: Extract<Step<S>, { kind: 'pick' }>, state: S, position: number, total: number, canGoBack: boolean): Promise<string | 'back' | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<PickItem>();
    Object.assign(pick, { title: step.title, placeholder: step.placeholder ?? '', step: position, totalSteps: total, ignoreFocusOut: true, canSelectMany: step.many ?? false, matchOnDescription: true, matchOnDetail: true });
    pick.buttons = canGoBack ? [vscode.QuickInputButtons.Back] : [];
    pick.busy = true;
    void Promise.resolve().then(() => step.items(state)).then((items) => {
      pick.items = items;
      if (step.many) pick.selectedItems = items.filter((i) => i.picked);
      pick.busy = false;
    }, (error: unknown) => {
      pick.busy = false;
      pick.placeholder = `Could not load the choices: ${(error as Error).message}`;
    });
    let done = false;
    const finish = (value: string | 'back' | undefined) => {
      done = true;
      pick.dispose();
      resolve(value);
    };
    pick.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish('back'));
    pick.onDidAccept(() => {
      if (step.many) {
        if (pick.selectedItems.length > 0) finish(pick.selectedItems.map((i) => i.value).join(','));
        else pick.placeholder = 'Choose at least one (Space selects), then press Enter.';
      } else if (pick.selectedItems[0]?.inert) {
        pick.placeholder = 'This row shows what will be sent. Choose Start, Cancel, or go Back to change it.';
      } else if (pick.selectedItems[0]) finish(pick.selectedItems[0].value);
    });
    pick.onDidHide(() => !done && finish(undefined));
    pick.show();
  });
}
