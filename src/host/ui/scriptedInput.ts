import type { QuickPickItem, Uri } from 'vscode';
import type {
  FileOptions,
  InputOptions,
  InputStep,
  PickOptions,
  PickStep,
  Question,
  StepAnswer,
  UserInput,
} from './userInput';
import { t } from '../../core/l10n';
import { errorMessage } from '../../core/errorMessage';
import {
  describeAnswer,
  describePrompt,
  isFor,
  pickedItems,
  selectableItems,
  type Answer,
  type Asked,
} from './scriptedAnswers';

export type { Answer, AnswerTarget, Asked, Label } from './scriptedAnswers';

/*
 * The user, for tests: a script of answers given in the order the prompts come, each matched to its prompt by title
 * (or step number), and a record of every prompt shown. An answer the prompt would refuse (its validator), a prompt
 * the script did not expect, or answers left over fail the test; the commands run exactly as in the editor, prompts
 * and validators included. Never part of the extension: only tests import it (the test hook is `ctx.input`).
 */

export class ScriptedInput implements UserInput {
  readonly asked: Asked[] = [];
  private readonly script: Answer[];
  private problem: string | undefined;

  constructor(answers: readonly Answer[]) {
    this.script = [...answers];
  }

  /** Throws the first problem (a prompt without its answer, a refused answer), or about answers left unused. */
  assertDone(): void {
    if (this.problem) throw new Error(this.problem);
    if (this.script.length > 0)
      throw new Error(
        t(
          'Scripted input: {0} answer(s) left over, the first {1}. Asked: {2}',
          this.script.length,
          describeAnswer(this.script[0]!),
          this.summary(),
        ),
      );
  }

  async pick<T extends QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T | undefined> {
    return this.choose('pick', items, options)?.[0];
  }

  async pickMany<T extends QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T[] | undefined> {
    return this.choose('pickMany', items, options);
  }

  /** A pick of one or of several: recorded, answered from the script (undefined: cancelled), refusals checked. */
  private choose<T extends QuickPickItem>(
    kind: 'pick' | 'pickMany',
    items: readonly T[],
    options: PickOptions,
  ): T[] | undefined {
    const asked = this.record({
      kind,
      title: options.title,
      placeholder: options.placeHolder,
      items: selectableItems(items).map((i) => i.label),
    });
    const answer = this.next(asked);
    if ('cancel' in answer) return undefined;
    const chosen = this.chosen(asked, answer, items, kind === 'pickMany');
    this.refusedAsExpected(asked, answer, undefined, chosen.map((i) => i.label).join(', '));
    return chosen;
  }

  async input(options: InputOptions): Promise<string | undefined> {
    const asked = this.record({
      kind: 'input',
      title: options.title,
      prompt: options.prompt,
      placeholder: options.placeHolder,
      value: options.value,
      password: options.password,
    });
    const typed = this.typed(asked, options.value ?? '', (value) => options.validateInput?.(value), false);
    return typed && 'value' in typed ? typed.value : undefined;
  }

  async confirm(question: Question): Promise<string | undefined> {
    const asked = this.record({
      kind: 'confirm',
      title: question.message,
      prompt: question.detail,
      items: [...question.actions],
    });
    const answer = this.next(asked);
    if ('cancel' in answer) return undefined;
    if (!('choose' in answer) || !question.actions.includes(answer.choose))
      return this.fail(
        t(
          '{0} does not answer {1} (buttons: {2}).',
          describeAnswer(answer),
          describePrompt(asked),
          question.actions.join(', '),
        ),
      );
    return answer.choose;
  }

  async openFile(options: FileOptions): Promise<Uri | undefined> {
    return this.file(this.record({ kind: 'openFile', title: options.title }));
  }

  async saveFile(options: FileOptions): Promise<Uri | undefined> {
    return this.file(this.record({ kind: 'saveFile', title: options.title }));
  }

  /** A page opened in the browser: recorded (its URL as the title), no answer taken; the browser is not started. */
  async openExternal(url: string): Promise<boolean> {
    this.record({ kind: 'openExternal', title: url });
    return true;
  }

  async inputStep(step: InputStep): Promise<StepAnswer<string>> {
    const asked = this.record({
      kind: 'input',
      title: step.title,
      step: step.step,
      totalSteps: step.totalSteps,
      canGoBack: step.canGoBack,
      prompt: step.prompt,
      value: step.value,
    });
    const typed = this.typed(asked, step.value, (value) => step.validate(value), step.canGoBack);
    return typed === undefined ? undefined : 'back' in typed ? 'back' : typed;
  }

  async pickStep<T extends QuickPickItem>(step: PickStep<T>): Promise<StepAnswer<readonly T[]>> {
    const asked = this.record({
      kind: step.many ? 'pickMany' : 'pick',
      title: step.title,
      step: step.step,
      totalSteps: step.totalSteps,
      canGoBack: step.canGoBack,
      placeholder: step.placeholder,
    });
    let items: readonly T[] = [];
    try {
      items = await step.items();
      asked.items = selectableItems(items).map((i) => i.label);
    } catch (error) {
      asked.loadError = t('Could not load the choices: {0}', errorMessage(error));
    }
    for (;;) {
      const answer = this.next(asked);
      if ('cancel' in answer) return undefined;
      if ('back' in answer) return this.back(asked);
      if (asked.loadError)
        return this.fail(
          t('{0} cannot answer {1}: {2}', describeAnswer(answer), describePrompt(asked), asked.loadError),
        );
      const chosen = this.chosen(asked, answer, items, step.many);
      // As in the editor: an accepted choice keeps the pick open while the next steps' needs are read, and a failure
      // to read them is shown there.
      const refusal =
        step.refuse(chosen) ??
        (await step.settle?.(chosen).then(
          () => undefined,
          (error: unknown) => t('Could not load the next step: {0}', errorMessage(error)),
        ));
      if (this.refusedAsExpected(asked, answer, refusal, chosen.map((i) => i.label).join(', '))) continue;
      return { value: chosen };
    }
  }

  /** The next answer, which must be for this prompt. */
  private next(asked: Asked): Answer {
    const answer = this.script[0];
    if (!answer) return this.fail(t('unexpected {0}: the script has no answer left.', describePrompt(asked)));
    if (!isFor(answer, asked))
      return this.fail(t('unexpected {0}: the next answer is {1}.', describePrompt(asked), describeAnswer(answer)));
    this.script.shift();
    return answer;
  }

  /** Text typed into a box until one is accepted: the validator decides, as in the editor. */
  private typed(
    asked: Asked,
    shown: string,
    validate: (value: string) => string | undefined,
    canGoBack: boolean,
  ): { value: string } | { back: true } | undefined {
    for (;;) {
      const answer = this.next(asked);
      if ('cancel' in answer) return undefined;
      if ('back' in answer)
        return canGoBack
          ? { back: true }
          : this.fail(t('Back at {0}, which has no Back button.', describePrompt(asked)));
      if (!('answer' in answer) && !('enter' in answer))
        return this.fail(t('{0} does not answer the input box {1}.', describeAnswer(answer), describePrompt(asked)));
      const text = 'answer' in answer ? answer.answer : shown;
      if (this.refusedAsExpected(asked, answer, validate(text), `'${text}'`)) continue;
      return { value: text };
    }
  }

  /** True when the prompt refused the answer as the script expects (it stays open); a refusal not expected fails. */
  private refusedAsExpected(asked: Asked, answer: Answer, refusal: string | undefined, what: string): boolean {
    const expected = 'refused' in answer ? answer.refused : undefined;
    if (refusal) asked.refusals.push(refusal);
    if (expected) {
      if (!refusal)
        return this.fail(
          t('{0} accepted {1}; the script expected it refused ({2}).', describePrompt(asked), what, String(expected)),
        );
      if (!expected.test(refusal))
        return this.fail(
          t('{0} refused {1} with "{2}", not {3}.', describePrompt(asked), what, refusal, String(expected)),
        );
      return true;
    }
    // l10n: code (the test script's report, for developers)
    if (refusal) return this.fail(`${describePrompt(asked)} refuses ${what}: ${refusal}`);
    return false;
  }

  private chosen<T extends QuickPickItem>(asked: Asked, answer: Answer, items: readonly T[], many: boolean): T[] {
    const picked = pickedItems(asked, answer, selectableItems(items), many);
    return 'problem' in picked ? this.fail(picked.problem) : picked;
  }

  private file(asked: Asked): Uri | undefined {
    const answer = this.next(asked);
    if ('cancel' in answer) return undefined;
    return 'file' in answer
      ? answer.file
      : this.fail(t('{0} does not answer the dialog {1}.', describeAnswer(answer), describePrompt(asked)));
  }

  private back(asked: Asked): 'back' {
    return asked.canGoBack ? 'back' : this.fail(t('Back at {0}, which has no Back button.', describePrompt(asked)));
  }

  private record(fields: Omit<Asked, 'refusals'>): Asked {
    const asked: Asked = { ...fields, refusals: [] };
    this.asked.push(asked);
    return asked;
  }

  /** Records the first problem (later ones follow from it) and ends the command that asked. */
  private fail(message: string): never {
    this.problem ??= t('Scripted input: {0} Asked: {1}', message, this.summary());
    throw new Error(this.problem);
  }

  private summary(): string {
    return this.asked.length ? this.asked.map(describePrompt).join(' → ') : 'nothing';
  }
}

/**
 * Runs `act` (a command, a panel action) with `host.input` answered by the script, then puts the previous input back.
 * Resolves with what `act` returned and every prompt shown; rejects when the script and the prompts disagree.
 */
export async function answering<T>(
  host: { input: UserInput },
  answers: readonly Answer[],
  act: () => PromiseLike<T>,
): Promise<{ result: T; asked: Asked[] }> {
  const script = new ScriptedInput(answers);
  const previous = host.input;
  host.input = script;
  try {
    const result = await act();
    script.assertDone();
    return { result, asked: script.asked };
  } catch (error) {
    // A problem of the script explains a failed command better than the command's own error.
    script.assertDone();
    throw error;
  } finally {
    host.input = previous;
  }
}
