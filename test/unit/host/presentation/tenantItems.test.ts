// The Tenant row's builders (src/host/presentation/tenantItems.ts): libraries, webhooks, alerts, host tenants, licenses.
import assert from 'node:assert/strict';
import { aLibrary, anAlert, aWebhook } from '../../../support/entities';
import {
  alertItem,
  libraryItem,
  licenseItems,
  tenantItem,
  webhookItem,
} from '../../../../src/host/presentation/tenantItems';

describe('tree item builders: tenant rows', () => {
  /** The tests' clock: the alerts' times are read against it. */
  const NOW = Date.parse('2026-11-21T12:00:00Z');

  it('describes tenant-level rows: libraries, webhooks, unread alerts, host tenants and the license summary', () => {
    assert.equal(
      libraryItem('t', aLibrary({ Id: 'Lib', Key: 'Lib:2', Version: '2.0.0', IsLatestVersion: true })).description,
      '2.0.0 (latest)',
    );
    const hook = webhookItem(
      't',
      aWebhook({ Id: 4, Url: 'https://hooks.example/a', Enabled: false, Events: [{ EventType: 'job.faulted' }] }),
    );
    assert.equal(hook.description, 'disabled · 1 event(s)');
    assert.equal(
      webhookItem('t', aWebhook({ Id: 5, Url: 'u', Enabled: true, SubscribeToAllEvents: true, Events: null }))
        .description,
      'enabled · all events',
    );
    const alert = alertItem(
      't',
      {
        Id: 'a',
        UserNotificationId: 'u',
        NotificationName: 'Robot unresponsive',
        Severity: 'Error',
        State: 'Unread',
        CreationTime: '2026-11-21T11:00:00Z',
        Component: 'Robots',
        Data: null,
      },
      NOW,
    );
    assert.deepEqual(
      [alert.description, alert.contextValue, alert.icon!.id],
      ['unread · Error · 1 h ago', 'alert.unread', 'error'],
    );
    assert.equal(
      alertItem(
        't',
        anAlert({
          Id: 'b',
          UserNotificationId: 'u',
          NotificationName: 'x',
          Severity: 'Info',
          State: 'Read',
          CreationTime: '2026-11-21T11:00:00Z',
          Component: null,
          Data: null,
        }),
        NOW,
      ).contextValue,
      'alert',
    );
    const inactive = tenantItem('h', { Id: 2, Name: 'staging', IsActive: false, LastLoginTime: null, License: null });
    assert.deepEqual([inactive.description, inactive.contextValue], ['inactive', 'tenant.inactive']);
    assert.equal(
      tenantItem('h', { Id: 1, Name: 'main', IsActive: true, LastLoginTime: null, License: null }).contextValue,
      'tenant.active',
    );
    const counts = (n: number) => ({ Unattended: n, Attended: n, NonProduction: n, Development: n });
    const rows = licenseItems('t', {
      ExpireDate: Date.parse('2027-01-31T00:00:00Z') / 1000,
      IsRegistered: true,
      IsExpired: false,
      AllowedRobots: counts(5),
      DefinedRobots: { ...counts(2), Attended: 7 },
      ConcurrentRobots: null,
    });
    assert.deepEqual(
      rows.map((r) => `${r.label}: ${r.description}`),
      [
        'Registered: expires 2027-01-31',
        'Unattended: 2 of 5 in use',
        'Attended: 7 of 5 in use',
        'NonProduction: 2 of 5 in use',
        'Development: 2 of 5 in use',
      ],
    );
    assert.equal(rows[2]!.icon!.id, 'warning', 'over the allowed count is a warning');
    assert.equal(
      licenseItems('t', {
        ExpireDate: null,
        IsRegistered: true,
        IsExpired: true,
        AllowedRobots: counts(0),
        DefinedRobots: counts(0),
        ConcurrentRobots: null,
      })[0]!.label,
      'Expired',
    );
  });
});
