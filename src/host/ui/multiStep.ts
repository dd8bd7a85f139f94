import type * as vscode from 'vscode';
import type { UserInput } from './userInput';
import { t } from '../../core/l10n';

/** One step of a multi-step input: a text box with live validation, or a pick. */
export type Step<S> =
  | {
      kind: 'input';
      title: string;
      prompt: string;
      value: (state: S) => string;
      validate: (value: string, state: S) => string | undefined;
      apply: (state: S, value: string) => void;
      password?: boolean;
      skip?: (state: S) => boolean;
    }
  | {
      kind: 'pick';
      title: string;
      placeholder?: string;
      /** May load (the pick shows busy meanwhile); a load failure is shown in the pick and ends the steps. */
      items: (state: S) => PickItem[] | Promise<PickItem[]>;
      /** Several may be chosen; apply receives their values joined with commas. */
      many?: boolean;
      /** What Enter on an `inert` row says (by default: the row shows what will be sent). */
      inertRefusal?: string;
      apply: (state: S, value: string) => void;
      /**
       * Reads what the steps after this answer depend on, while the pick still shows, so the counter is right from
       * the next step on (Start Job's argument steps are known once the process is).
       */
      prepare?: (state: S, value: string) => Promise<void>;
      skip?: (state: S) => boolean;
    };

/** `inert` rows only show something (a summary line): choosing one keeps the pick open. */
export type PickItem = vscode.QuickPickItem & { value: string; inert?: boolean };

/**
 * Runs the steps in order with a Back button, validating as the user types; resolves undefined when cancelled. The
 * steps may depend on earlier answers (a function of the state, asked again before each step). The order, the skips,
 * Back and what each answer does are decided here, so they are the same whoever answers (the editor or a test script).
 */
export async function runSteps<S>(
  input: UserInput,
  state: S,
  allSteps: Step<S>[] | ((state: S) => Step<S>[]),
): Promise<S | undefined> {
  let index = 0;
  const history: number[] = [];
  const stepsNow = () => (typeof allSteps === 'function' ? allSteps(state) : allSteps);
  for (let steps = stepsNow(); index < steps.length; steps = stepsNow()) {
    const step = steps[index]!;
    if (step.skip?.(state)) {
      index++;
      continue;
    }
    const place = {
      step: steps.slice(0, index + 1).filter((s) => !s.skip?.(state)).length,
      totalSteps: steps.filter((s) => !s.skip?.(state)).length,
      canGoBack: history.length > 0,
    };
    let value: string;
    if (step.kind === 'input') {
      const answer = await input.inputStep({
        ...place,
        title: step.title,
        prompt: step.prompt,
        value: step.value(state),
        password: step.password ?? false,
        validate: (v) => step.validate(v, state),
      });
      if (answer === undefined || answer === 'back') {
        if (answer === undefined) return undefined;
        index = history.pop() ?? 0;
        continue;
      }
      value = answer.value.trim();
    } else {
      const answer = await input.pickStep({
        ...place,
        title: step.title,
        placeholder: step.placeholder ?? '',
        many: step.many ?? false,
        items: () => Promise.resolve().then(() => step.items(state)),
        refuse: (chosen) => refusalOf(step.many ?? false, chosen, step.inertRefusal),
        settle: step.prepare && ((chosen) => step.prepare!(state, valueOf(chosen))),
      });
      if (answer === undefined || answer === 'back') {
        if (answer === undefined) return undefined;
        index = history.pop() ?? 0;
        continue;
      }
      value = valueOf(answer.value);
    }
    step.apply(state, value);
    history.push(index);
    index++;
  }
  return state;
}

const valueOf = (chosen: readonly PickItem[]) => chosen.map((i) => i.value).join(',');

/** Enter on these does not end a pick step: nothing chosen of several, or a summary row. */
function refusalOf(many: boolean, chosen: readonly PickItem[], inertRefusal?: string): string | undefined {
  if (many) return chosen.length > 0 ? undefined : t('Choose at least one (Space selects), then press Enter.');
  return chosen[0]?.inert
    ? (inertRefusal ?? t('This row shows what will be sent. Choose Start, Cancel, or go Back to change it.'))
    : undefined;
}
