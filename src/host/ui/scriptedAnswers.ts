import type { QuickPickItem, Uri } from 'vscode';
import { t } from '../../core/l10n';

/*
 * The script's vocabulary, for ScriptedInput (scriptedInput.ts): what a test says the user does at a prompt, what it
 * records of each prompt shown, and how both read in a failure. Apart from the class so that a test's helpers can
 * name answers and prompts without the machinery that plays them.
 */

/** An item by the label the user reads (codicons left out): the whole label, or a pattern. */
export type Label = string | RegExp;

/** Which prompt an answer is for: a title containing the text (or matching the pattern), a step number; else any. */
export interface AnswerTarget {
  title?: string | RegExp;
  step?: number;
}

/**
 * What the user does at a prompt. `refused`: the prompt must refuse the answer with a message matching it, and stays
 * open for the next answer (as in the editor).
 */
export type Answer = AnswerTarget &
  (
    | { answer: string; refused?: RegExp } // types this in the box and presses Enter
    | { pick: Label | readonly Label[]; refused?: RegExp } // chooses the item(s) so labelled
    | { enter: true } // presses Enter on what is shown: the box's value, the first item, or the items marked picked
    | { choose: string } // a button of a question
    | { file: Uri } // the file chosen in a dialog
    | { back: true }
    | { cancel: true } // Escape
  );

/** A prompt as it was shown. */
export interface Asked {
  kind: 'pick' | 'pickMany' | 'input' | 'confirm' | 'openFile' | 'saveFile' | 'openExternal';
  /** The title; for a question, its message. */
  title: string;
  step?: number;
  totalSteps?: number;
  canGoBack?: boolean;
  /** Picks: the labels offered (separators left out); questions: the buttons. */
  items?: string[];
  /** Input boxes: the prompt; questions: the detail. */
  prompt?: string;
  placeholder?: string;
  /** What an input box showed filled in. */
  value?: string;
  /** An input box that hid what was typed (a password). */
  password?: boolean;
  /** The messages the prompt refused answers with. */
  refusals: string[];
  /** A pick whose items could not be loaded: what it showed instead. */
  loadError?: string;
}

/** A QuickPickItemKind.Separator row: only a heading (the number itself, not to load the vscode module). */
const SEPARATOR = -1;
export const selectableItems = <T extends QuickPickItem>(items: readonly T[]) =>
  items.filter((i) => i.kind !== SEPARATOR);
/** A label as read: `$(play) Start` reads "Start". */
const readLabel = (label: string) => label.replace(/^(\$\([\w~-]+\)\s*)+/, '');
const labelFits = (label: Label, item: QuickPickItem) =>
  typeof label === 'string'
    ? readLabel(item.label) === label || item.label === label
    : label.test(readLabel(item.label));

/** Whether an answer is meant for this prompt: its title (a part of it, or a pattern) and its step, where given. */
export function isFor(answer: Answer, asked: Asked): boolean {
  const titled =
    answer.title === undefined ||
    (typeof answer.title === 'string' ? asked.title.includes(answer.title) : answer.title.test(asked.title));
  return titled && (answer.step === undefined || answer.step === asked.step);
}

/**
 * The items an answer chooses among those a pick offers (Enter: the first, or those marked picked), or why the answer
 * cannot be played there.
 */
export function pickedItems<T extends QuickPickItem>(
  asked: Asked,
  answer: Answer,
  offered: readonly T[],
  many: boolean,
): T[] | { problem: string } {
  if ('enter' in answer) return many ? offered.filter((i) => i.picked) : offered.slice(0, 1);
  if (!('pick' in answer))
    return { problem: t('{0} does not answer the pick {1}.', describeAnswer(answer), describePrompt(asked)) };
  const labels: readonly Label[] =
    typeof answer.pick === 'string' || answer.pick instanceof RegExp ? [answer.pick] : answer.pick;
  if (!many && labels.length !== 1)
    return { problem: t('{0} takes one item, the script picks {1}.', describePrompt(asked), labels.length) };
  const picked: T[] = [];
  for (const label of labels) {
    const item = offered.find((candidate) => labelFits(label, candidate));
    if (!item) {
      const among = offered.map((i) => i.label).join(' | ');
      return { problem: t("{0} offers no '{1}' among: {2}", describePrompt(asked), String(label), among) };
    }
    picked.push(item);
  }
  return picked;
}

export function describePrompt(asked: Asked): string {
  return `${asked.kind} "${asked.title}"${asked.step !== undefined ? ` (${asked.step}/${asked.totalSteps})` : ''}`;
}

export function describeAnswer(answer: Answer): string {
  const { title, step, ...action } = answer;
  // l10n: code (the test script's report, for developers)
  const target = [title !== undefined ? `title ${String(title)}` : '', step !== undefined ? `step ${step}` : '']
    .filter(Boolean)
    .join(', ');
  // l10n: code (the test script's report, for developers)
  return `${JSON.stringify(action, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value))}${target ? ` for ${target}` : ''}`;
}
