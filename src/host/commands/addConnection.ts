import { CommandId } from '../../constants';
import {
  DEFAULT_CLIENT_ID,
  validateClientId,
  validateLogicalName,
  validateUrl,
  type ConnectionSetting,
} from '../../core/connections';
import { runSteps } from '../ui/multiStep';
import type { CommandDefinition } from './registry';

interface Draft {
  preset: 'cloud' | 'onPremises' | 'sandbox';
  setting: ConnectionSetting;
}

/** A local sandbox the user started with `npm run sandbox` (or `npm start`, which passes its URL along). */
const sandboxUrl = () => process.env.ORCHESTRATOR_SANDBOX_URL ?? 'http://127.0.0.1:';

/** Add Connection…: a multi-step input (Back works) that validates every field as it is typed. */
export const addConnection: CommandDefinition = {
  id: CommandId.addConnection,
  asksFirst: true,
  title: 'Add Connection',
  async run({ ctx }) {
    const draft: Draft = { preset: 'cloud', setting: { label: '', kind: 'cloud', serviceUrl: '' } };
    const isCloud = (d: Draft) => d.setting.kind === 'cloud';
    const taken = (label: string) =>
      ctx.connections.raw().some((c) => c.label.toLowerCase() === label.trim().toLowerCase());
    const done = await runSteps(ctx.input, draft, [
      {
        kind: 'pick',
        title: 'Add Connection: where is the service?',
        items: () => [
          {
            label: '$(cloud) Cloud tenant',
            description: 'https://<host>/<account>/<tenant>, sign-in in the browser',
            value: 'cloud',
          },
          { label: '$(server) On-premises', description: 'sign-in with an access token', value: 'onPremises' },
          {
            label: '$(beaker) Local sandbox',
            description: 'the built-in test services (npm run sandbox)',
            value: 'sandbox',
          },
        ],
        apply: (d, value) => {
          d.preset = value as Draft['preset'];
          d.setting.kind = value === 'onPremises' ? 'onPremises' : 'cloud';
          if (value === 'sandbox')
            Object.assign(d.setting, {
              label: d.setting.label || 'Sandbox',
              serviceUrl: d.setting.serviceUrl || sandboxUrl(),
              account: 'sandbox',
              tenant: 'main',
            });
        },
      },
      {
        kind: 'input',
        title: 'Add Connection: service URL',
        prompt: 'The service address, without account and tenant (for the sandbox: the "sandbox ready" URL).',
        value: (d) => d.setting.serviceUrl,
        validate: (v) => validateUrl(v, 'service URL'),
        apply: (d, v) => (d.setting.serviceUrl = v.replace(/\/+$/, '')),
      },
      {
        kind: 'input',
        title: 'Add Connection: identity URL',
        prompt: 'The identity provider address ({auth_url}).',
        skip: (d) => !isCloud(d),
        value: (d) =>
          d.setting.identityUrl ??
          (d.preset === 'sandbox' || d.setting.serviceUrl ? `${d.setting.serviceUrl}/identity` : ''),
        validate: (v) => validateUrl(v, 'identity URL'),
        apply: (d, v) => (d.setting.identityUrl = v.replace(/\/+$/, '')),
      },
      {
        kind: 'input',
        title: 'Add Connection: account',
        prompt: 'The account logical name (first path segment after the host).',
        skip: (d) => !isCloud(d),
        value: (d) => d.setting.account ?? '',
        validate: (v) => validateLogicalName(v, 'account'),
        apply: (d, v) => (d.setting.account = v),
      },
      {
        kind: 'input',
        title: 'Add Connection: tenant',
        prompt: 'The tenant logical name (second path segment).',
        skip: (d) => !isCloud(d),
        value: (d) => d.setting.tenant ?? '',
        validate: (v) => validateLogicalName(v, 'tenant'),
        apply: (d, v) => (d.setting.tenant = v),
      },
      {
        kind: 'input',
        title: 'Add Connection: client id',
        prompt: 'The OAuth client id registered for this extension.',
        skip: (d) => !isCloud(d) || d.preset === 'sandbox',
        value: (d) => d.setting.clientId ?? DEFAULT_CLIENT_ID,
        validate: (v) => validateClientId(v),
        apply: (d, v) => (d.setting.clientId = v),
      },
      {
        kind: 'input',
        title: 'Add Connection: name',
        prompt: 'How the connection is shown in the Orchestrator view.',
        value: (d) => d.setting.label || (d.setting.tenant ? `${d.setting.tenant} (${d.setting.account})` : ''),
        validate: (v) =>
          !v.trim() ? 'Enter a name.' : taken(v) ? `A connection named '${v.trim()}' exists.` : undefined,
        apply: (d, v) => (d.setting.label = v),
      },
      {
        kind: 'pick',
        title: 'Add Connection: protection',
        items: () => [
          { label: 'Normal', description: 'changes run as asked', value: 'normal' },
          {
            label: 'Confirm changes',
            description: 'a confirmation before every change (production tenants)',
            value: 'confirm',
          },
          { label: 'Read-only', description: 'change commands are disabled', value: 'readOnly' },
        ],
        apply: (d, v) => (d.setting.protection = v as 'normal'),
      },
    ]);
    if (!done) return undefined;
    await ctx.connections.save([...ctx.connections.raw(), done.setting]);
    ctx.log.info(`Added connection ${done.setting.label}.`);
    const added = ctx.connections.all().find((c) => c.label === done.setting.label);
    if (added && !ctx.active.get().connectionId) await ctx.active.set({ connectionId: added.id });
    return added?.id;
  },
};
