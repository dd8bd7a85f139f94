import type { Question, UserInput } from '../ui/userInput';

/**
 * Asks the question and says whether its first button was pressed: the yes of every confirmation. The answer is the
 * button's label as shown, translated, so it is compared with the label given here, never with an English word.
 */
export async function confirmed(input: UserInput, question: Question): Promise<boolean> {
  const [yes] = question.actions;
  return yes !== undefined && (await input.confirm(question)) === yes;
}
