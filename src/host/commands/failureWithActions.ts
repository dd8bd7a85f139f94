/**
 * A command's failure that offers ways on besides Show Log (a conflict on Apply: Compare, Apply Again). The command
 * wrapper (runCommand) shows them first on its failure notification; nothing runs until one is clicked. A module of its
 * own so that activation, which loads the wrapper, does not load it.
 */
export class FailureWithActions extends Error {
  constructor(
    message: string,
    /** Button label (translated) → what it does. */
    readonly actions: Readonly<Record<string, () => unknown>>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
