// Loaded as extensionTestsPath in a new workbench window: reports what activating the (production) extension cost,
// as the extension itself recorded it.
import { extensionContext } from '../../support/extensionContext';
import { measure } from './report';

export function run(): Promise<void> {
  return measure(async () => {
    const ctx = await extensionContext();
    await ctx.ready;
    return { activation: ctx.activation };
  });
}
