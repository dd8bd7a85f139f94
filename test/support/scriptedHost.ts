// What `answering` scripts (src/host/ui/scriptedInput.ts): a holder of the user input, typed as the interface so a
// script can be put in its place, starting as a ScriptedInput that answers nothing.
import { ScriptedInput } from '../../src/host/ui/scriptedInput';
import type { UserInput } from '../../src/host/ui/userInput';

export const aScriptedHost = (input: UserInput = new ScriptedInput([])): { input: UserInput } => ({ input });
