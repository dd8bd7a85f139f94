import { CommandId, ViewId } from '../../constants';
import { connectionId } from '../../core/connections';
import { runSteps } from '../ui/multiStep';
import { addressStep, confirmStep } from './addConnection/address';
import { emptyDraft } from './addConnection/draft';
import { offerSignIn } from './addConnection/offerSignIn';
import { readingStep } from './addConnection/readingStep';
import { closingSteps, fieldSteps, presetStep } from './addConnection/steps';
import type { Services } from '../services';
import type { CommandDefinition } from './registry';
import { t } from '../../core/l10n';
import { nls, paletteCommand } from './contribution';

type Uses = Pick<
  Services,
  'accountFor' | 'active' | 'commands' | 'connections' | 'explorer' | 'input' | 'log' | 'sandbox'
>;

/**
 * Add Connection…: a multi-step input (Back works) that validates every field as it is typed. It starts with the
 * address the user copied from the web portal or the API page (addConnection/address.ts): what it says is shown to be
 * used as read or edited field by field, and an address that reads two ways is asked about (readingStep.ts); an empty
 * answer enters the fields one by one (addConnection/steps.ts). Once saved, the new row is shown at its Sign in row
 * and the notification offers Sign In (offerSignIn.ts).
 */
export const addConnection: CommandDefinition<Uses> = {
  id: CommandId.addConnection,
  contributes: paletteCommand(nls('Add Connection…'), '$(add)', 'always', {
    viewTitle: [{ views: ViewId.explorer, group: 'navigation', order: 1 }],
  }),
  asksFirst: true,
  title: t('Add Connection'),
  async run({ ctx }) {
    const taken = (label: string) =>
      ctx.connections.raw().some((c) => c.label.toLowerCase() === label.trim().toLowerCase());
    const existing = () => ctx.connections.all();
    const done = await runSteps(ctx.input, emptyDraft(), (draft) => [
      addressStep(existing, ctx.sandbox),
      readingStep(existing, draft),
      confirmStep(),
      presetStep(ctx.sandbox),
      ...fieldSteps(ctx.sandbox),
      ...closingSteps(taken),
    ]);
    if (!done) return undefined;
    // Its row opens when first drawn, which the save brings about.
    ctx.explorer.openWhenAdded(connectionId(done.setting));
    await ctx.connections.save([...ctx.connections.raw(), done.setting]);
    ctx.log.info(`Added connection ${done.setting.label}.`);
    const added = ctx.connections.all().find((c) => c.label === done.setting.label);
    if (!added) return undefined;
    if (!ctx.active.get().connectionId) await ctx.active.set({ connectionId: added.id });
    await offerSignIn(ctx, added);
    return added.id;
  },
};
