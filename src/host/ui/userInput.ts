import type * as vscode from 'vscode';

/**
 * Every question the extension asks goes through one UserInput (`ctx.input`): quick picks, input boxes, the steps of a
 * multi-step input (multiStep.ts), questions with buttons and file dialogs. In the editor it is vscodeInput.ts (loaded
 * on first use through editorInput.ts); the integration suite puts a ScriptedInput (scriptedInput.ts) in its place,
 * which answers from a script and records what was asked, so tests run the commands' real prompts and validators
 * instead of handing the commands their answers.
 */
export interface UserInput {
  /** A quick pick of one item; undefined when dismissed. */
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T | undefined>;
  /** A quick pick of several items (items marked `picked` start selected); undefined when dismissed. */
  pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T[] | undefined>;
  /** An input box that refuses Enter while `validateInput` returns a message; undefined when dismissed. */
  input(options: InputOptions): Promise<string | undefined>;
  /** A question with buttons; the button chosen, or undefined when dismissed. */
  confirm(question: Question): Promise<string | undefined>;
  /** An open dialog for one file; undefined when dismissed. */
  openFile(options: FileOptions): Promise<vscode.Uri | undefined>;
  saveFile(options: FileOptions & { saveLabel?: string; defaultUri?: vscode.Uri }): Promise<vscode.Uri | undefined>;
  /** Opens an http(s) page in the user's browser (the editor may ask first); false when it was not opened. */
  openExternal(url: string): Promise<boolean>;
  /** One input step of runSteps: an input box with the step counter and, past the first step, a Back button. */
  inputStep(step: InputStep): Promise<StepAnswer<string>>;
  /** One pick step of runSteps; its items may still be loading when it shows. */
  pickStep<T extends vscode.QuickPickItem>(step: PickStep<T>): Promise<StepAnswer<readonly T[]>>;
}

/** Every prompt has a title: it is what the user reads first, and what a test script matches. */
export interface PickOptions {
  title: string;
  placeHolder?: string;
  matchOnDescription?: boolean;
  matchOnDetail?: boolean;
  ignoreFocusOut?: boolean;
}

export interface InputOptions {
  title: string;
  prompt?: string;
  placeHolder?: string;
  value?: string;
  password?: boolean;
  ignoreFocusOut?: boolean;
  /** A message refuses the value (Enter does nothing); undefined accepts it. */
  validateInput?: (value: string) => string | undefined;
}

export interface Question {
  /** The question itself (made plain text by the implementation: it may quote service text). */
  message: string;
  /** Modal only: the lines under the question. */
  detail?: string;
  /** The buttons besides dismissing. */
  actions: readonly string[];
  /** A modal dialog (before a change), or a notification whose button the command waits for (a suggestion). */
  modal: boolean;
  /** Notifications only; a modal question is always a warning. */
  severity?: 'information' | 'warning';
}

export interface FileOptions {
  title: string;
  /** Shown name → extensions, as the dialogs take them. */
  filters?: Record<string, string[]>;
}

/** Where a step stands: shown as "2/5"; Back is offered once an earlier step was answered. */
export interface StepPlace {
  step: number;
  totalSteps: number;
  canGoBack: boolean;
}

export interface InputStep extends StepPlace {
  title: string;
  prompt: string;
  /** What the box shows filled in. */
  value: string;
  password: boolean;
  /** As InputOptions.validateInput; run on every value Enter is pressed on, the empty one too. */
  validate(value: string): string | undefined;
}

export interface PickStep<T> extends StepPlace {
  title: string;
  placeholder: string;
  many: boolean;
  /** Loaded while the pick shows (busy); a failure is shown in the pick, which then can only go Back or be dismissed. */
  items(): Promise<readonly T[]>;
  /** A message when Enter on this choice must not end the step (it is shown, and the pick stays open). */
  refuse(chosen: readonly T[]): string | undefined;
  /**
   * Once a choice is accepted, while the pick still shows (busy): reads what the next steps depend on. A failure is
   * shown in the pick, which stays open.
   */
  settle?(chosen: readonly T[]): Promise<void>;
}

/** A step's answer: what was entered or chosen, Back, or undefined when dismissed. Typed text never means Back. */
export type StepAnswer<T> = { value: T } | 'back' | undefined;
