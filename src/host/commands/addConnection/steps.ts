import {
  DEFAULT_CLIENT_ID,
  validateClientId,
  validateLogicalName,
  validateServiceSegment,
  validateUrl,
} from '../../../core/connections';
import type { Step } from '../../ui/multiStep';
import { isCloud, type Draft } from './draft';
import { fieldStep } from './fieldStep';
import { applicationSteps, signInStep } from './signInSteps';
import type { SandboxOffer } from '../../sandboxOffer';
import { t } from '../../../core/l10n';

const cloudPicked = (d: Draft) => isCloud(d) && d.preset !== 'sandbox';

/** The fields one by one; for a pasted address each is filled in from it. */
export function fieldSteps(sandbox: SandboxOffer): Step<Draft>[] {
  return [
    fieldStep({
      key: 'serviceUrl',
      title: t('service URL'),
      prompt: sandbox.available
        ? t('The service address, without account and tenant (for the sandbox: the "sandbox ready" URL).')
        : t('The service address, without account and tenant (for example https://cloud.example.com).'),
      validate: (v) => validateUrl(v, t('service URL')),
      url: true,
    }),
    fieldStep({
      key: 'identityUrl',
      title: t('identity URL'),
      prompt: t('The identity provider address ({auth_url}).'),
      when: isCloud,
      initial: (d) => (d.preset === 'sandbox' || d.setting.serviceUrl ? `${d.setting.serviceUrl}/identity` : ''),
      validate: (v) => validateUrl(v, t('identity URL')),
      url: true,
    }),
    fieldStep({
      key: 'account',
      title: t('account'),
      prompt: t('The account logical name (first path segment after the host).'),
      when: isCloud,
      validate: (v) => validateLogicalName(v, 'account'),
    }),
    fieldStep({
      key: 'tenant',
      title: t('tenant'),
      prompt: t('The tenant logical name (second path segment).'),
      when: isCloud,
      validate: (v) => validateLogicalName(v, 'tenant'),
    }),
    fieldStep({
      key: 'serviceSegment',
      title: t('service segment'),
      prompt: t(
        'The path segment after the tenant where the API lives (for example orchestrator_); leave it empty when the API is right under the tenant (/<account>/<tenant>/odata).',
      ),
      when: cloudPicked,
      validate: validateServiceSegment,
      optional: true,
    }),
    signInStep(),
    fieldStep({
      key: 'clientId',
      title: t('client id'),
      prompt: t('The OAuth client id registered for this extension.'),
      when: (d) => cloudPicked(d) && d.setting.authentication !== 'application',
      initial: () => DEFAULT_CLIENT_ID,
      validate: validateClientId,
    }),
    ...applicationSteps(),
    fieldStep({
      key: 'portalUrl',
      title: t('web portal URL'),
      prompt: t("Where the tenant's web portal is (empty: none)."),
      when: (d) => d.source === 'pasted',
      validate: (v) => (v.trim() ? validateUrl(v, t('web portal URL')) : undefined),
      url: true,
      optional: true,
    }),
  ];
}

/**
 * The fields one by one start here: which kind of service, or (in development, see sandboxOffer.ts) the local sandbox
 * with its fields filled in.
 */
export function presetStep(sandbox: SandboxOffer): Step<Draft> {
  return {
    kind: 'pick',
    title: t('Add Connection: where is the service?'),
    skip: (d) => d.source !== 'manual',
    items: () => [
      {
        label: t('$(cloud) Cloud tenant'),
        description: t('https://<host>/<account>/<tenant>, sign-in in the browser or as an application'),
        value: 'cloud',
      },
      { label: t('$(server) On-premises'), description: t('sign-in with an access token'), value: 'onPremises' },
      ...(sandbox.available
        ? [
            {
              label: t('$(beaker) Local sandbox'),
              description: t('the built-in test services (npm run sandbox)'),
              value: 'sandbox',
            },
          ]
        : []),
    ],
    apply: (d, value) => {
      d.preset = value as Draft['preset'];
      d.setting.kind = value === 'onPremises' ? 'onPremises' : 'cloud';
      if (value === 'sandbox')
        Object.assign(d.setting, {
          label: d.setting.label || t('Sandbox'),
          serviceUrl: d.setting.serviceUrl || sandbox.url,
          account: 'sandbox',
          tenant: 'main',
        });
    },
  };
}

/** The name, unique among the connections, then the protection level: asked whichever way the fields came. */
export function closingSteps(taken: (label: string) => boolean): Step<Draft>[] {
  return [
    {
      kind: 'input',
      title: t('Add Connection: name'),
      prompt: t('How the connection is shown in the Orchestrator view.'),
      value: (d) => d.setting.label || suggestedName(d),
      validate: (v) =>
        !v.trim() ? t('Enter a name.') : taken(v) ? t("A connection named '{0}' exists.", v.trim()) : undefined,
      apply: (d, v) => (d.setting.label = v),
    },
    {
      kind: 'pick',
      title: t('Add Connection: protection'),
      items: () => [
        { label: t('Normal'), description: t('changes run as asked'), value: 'normal' },
        {
          label: t('Confirm changes'),
          description: t('a confirmation before every change (production tenants)'),
          value: 'confirm',
        },
        { label: t('Read-only'), description: t('change commands are disabled'), value: 'readOnly' },
      ],
      apply: (d, v) => (d.setting.protection = v as 'normal'),
    },
  ];
}

/** "main (sandbox)" for a tenant, the host for an on-premises service read from an address. */
function suggestedName(d: Draft): string {
  if (d.setting.tenant) return `${d.setting.tenant} (${d.setting.account})`;
  if (d.source !== 'pasted' || d.setting.kind !== 'onPremises') return '';
  try {
    return new URL(d.setting.serviceUrl).host;
  } catch {
    return '';
  }
}
