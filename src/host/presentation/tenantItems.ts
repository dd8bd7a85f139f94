// Rows of Tenant: libraries, webhooks, alerts, tenants (host administrators) and the license lines.
import type { Alert, Library, LicenseReport, Tenant, Webhook } from '../../core/orchestrator/schemas';
import { ContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import { feedEntryItem, relativeTime, row, table, type ItemData } from './items';
import { localTime } from '../../core/presentation/times';
import { t } from '../../core/l10n';

export function libraryItem(scope: string, library: Library): ItemData {
  return feedEntryItem(scope, 'library', library, [
    [t('Title'), library.Title],
    [t('Description'), library.Description],
  ]);
}

export function webhookItem(scope: string, webhook: Webhook): ItemData {
  const events = webhook.SubscribeToAllEvents ? t('all events') : t('{0} event(s)', webhook.Events?.length ?? 0);
  return {
    id: childId(scope, 'webhook', webhook.Id),
    label: webhook.Url,
    description: `${webhook.Enabled ? t('enabled') : t('disabled')} · ${events}`,
    tooltip: table(webhook.Url, [
      row(t('Enabled'), webhook.Enabled ? t('yes') : t('no')),
      row(
        t('Events'),
        webhook.SubscribeToAllEvents ? t('all') : (webhook.Events ?? []).map((e) => e.EventType).join(', '),
      ),
      row(t('Insecure TLS allowed'), webhook.AllowInsecureSsl ? t('yes') : t('no')),
      row(t('Id'), webhook.Id),
    ]),
    icon: webhook.Enabled ? { id: 'radio-tower' } : { id: 'radio-tower', color: 'disabledForeground' },
    contextValue: ContextValue.webhook,
    collapsible: 'none',
  };
}

const ALERT_ICONS: Record<string, { id: string; color?: string }> = {
  Info: { id: 'info' },
  Success: { id: 'pass', color: 'testing.iconPassed' },
  Warn: { id: 'warning', color: 'editorWarning.foreground' },
  Error: { id: 'error', color: 'errorForeground' },
  Fatal: { id: 'error', color: 'errorForeground' },
};

export function alertItem(scope: string, alert: Alert, now: number): ItemData {
  const unread = alert.State === 'Unread';
  return {
    id: childId(scope, 'alert', alert.Id),
    label: alert.NotificationName,
    description: [unread ? 'unread' : undefined, alert.Severity, relativeTime(alert.CreationTime, now)]
      .filter(Boolean)
      .join(' · '),
    tooltip: table(alert.NotificationName, [
      row(t('Severity'), alert.Severity),
      row(t('State'), alert.State),
      row(t('Component'), alert.Component),
      row(t('Created'), localTime(alert.CreationTime, now)),
      row(t('Data'), alert.Data?.slice(0, 500)),
    ]),
    icon: ALERT_ICONS[alert.Severity] ?? { id: 'bell' },
    contextValue: unread ? ContextValue.alertUnread : ContextValue.alert,
    collapsible: 'none',
  };
}

export function tenantItem(scope: string, tenant: Tenant): ItemData {
  return {
    id: childId(scope, 'hostTenant', tenant.Id),
    label: tenant.Name,
    description: tenant.IsActive ? t('active') : t('inactive'),
    tooltip: table(tenant.Name, [
      row(t('Active'), tenant.IsActive ? t('yes') : t('no')),
      row(t('Last login'), localTime(tenant.LastLoginTime, Date.now())),
      row(t('Id'), tenant.Id),
    ]),
    icon: tenant.IsActive ? { id: 'server' } : { id: 'circle-slash', color: 'disabledForeground' },
    contextValue: tenant.IsActive ? ContextValue.tenantActive : ContextValue.tenantInactive,
    collapsible: 'none',
  };
}

const ROBOT_TYPES = ['Unattended', 'Attended', 'NonProduction', 'Development'] as const;

/** The license summary: one row for the state, one per robot type (defined of allowed). */
export function licenseItems(scope: string, license: LicenseReport): ItemData[] {
  const expires = license.ExpireDate ? new Date(license.ExpireDate * 1000).toISOString().slice(0, 10) : undefined;
  const state: ItemData = {
    id: childId(scope, 'registration'),
    label: license.IsExpired ? t('Expired') : license.IsRegistered ? t('Registered') : t('Not registered'),
    description: expires ? t('expires {0}', expires) : undefined,
    icon:
      license.IsExpired || !license.IsRegistered
        ? { id: 'warning', color: 'editorWarning.foreground' }
        : { id: 'verified' },
    contextValue: ContextValue.license,
    collapsible: 'none',
  };
  return [
    state,
    ...ROBOT_TYPES.map((type): ItemData => {
      const used = license.DefinedRobots[type];
      const allowed = license.AllowedRobots[type];
      return {
        id: childId(scope, 'robotType', type),
        label: type,
        description: t('{0} of {1} in use', used, allowed),
        tooltip: table(t('{0} robots', type), [
          row(t('Defined'), used),
          row(t('Allowed'), allowed),
          row(t('Concurrent'), license.ConcurrentRobots?.[type]),
        ]),
        icon: used > allowed ? { id: 'warning', color: 'editorWarning.foreground' } : { id: 'hubot' },
        contextValue: ContextValue.license,
        collapsible: 'none',
      };
    }),
  ];
}
