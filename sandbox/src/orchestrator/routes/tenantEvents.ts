// What the tenant tells about itself: alerts for people, webhooks for other systems (and the events they can carry).
import { badRequest } from '../../server/errors';
import { json } from '../../server/http';
import type { ODataRoute } from '../context';
import { byKey, list, one, requireKeyInt, sets } from '../respond';
import { bodyOf } from './body';

const EVENT_TYPES: Record<string, string[]> = {
  process: ['process.created', 'process.updated', 'process.deleted'],
  schedule: ['schedule.failed'],
  robot: ['robot.status', 'robot.created', 'robot.updated', 'robot.deleted'],
  job: ['job.created', 'job.started', 'job.completed', 'job.faulted', 'job.stopped'],
  queue: ['queue.created', 'queue.updated', 'queue.deleted'],
  queueItem: [
    'queueItem.added',
    'queueItem.transactionStarted',
    'queueItem.transactionFailed',
    'queueItem.transactionCompleted',
    'queueItem.transactionAbandoned',
  ],
};
const ALL_EVENTS = Object.values(EVENT_TYPES).flat();

export const TENANT_EVENT_ROUTES: ODataRoute[] = [
  {
    method: 'GET',
    set: 'Alerts',
    scope: 'tenant',
    permissions: ['Alerts.View'],
    handler: (call) => list(call, sets(call).Alerts, call.tenant.alerts),
  },
  {
    method: 'GET',
    set: 'Alerts',
    operation: 'GetUnreadCount',
    scope: 'tenant',
    permissions: ['Alerts.View'],
    handler: (call) =>
      json({
        '@odata.context': `${call.odataBase}/$metadata#Edm.Int64`,
        value: call.tenant.alerts.filter((a) => a.State === 'Unread').length,
      }),
  },
  {
    method: 'POST',
    set: 'Alerts',
    operation: 'MarkAsRead',
    scope: 'tenant',
    permissions: ['Alerts.View'],
    handler: (call) => {
      const ids = bodyOf(call.req).stringArray('ids');
      let marked = 0;
      for (const alert of call.tenant.alerts) {
        if (ids.includes(String(alert.UserNotificationId)) && alert.State === 'Unread') {
          alert.State = 'Read';
          marked++;
        }
      }
      call.changed();
      return json({ '@odata.context': `${call.odataBase}/$metadata#Edm.Int32`, value: marked });
    },
  },
  {
    method: 'POST',
    set: 'Alerts',
    operation: 'RaiseProcessAlert',
    scope: 'tenant',
    permissions: ['Alerts.Create'],
    handler: (call) => {
      const body = bodyOf(call.req);
      const severity = body.has('Severity') ? body.string('Severity') : 'Info';
      if (!['Info', 'Success', 'Warn', 'Error', 'Fatal'].includes(severity))
        throw badRequest('Severity must be Info, Success, Warn, Error or Fatal.');
      const alert = {
        Id: call.random.uuid(),
        UserNotificationId: call.random.uuid(),
        NotificationName: 'Process.Alert',
        Component: 'Process',
        Severity: severity,
        State: 'Unread',
        CreationTime: call.clock.iso(),
        Data: JSON.stringify({ Message: body.string('Message', { max: 2000 }) }),
      };
      call.tenant.alerts.unshift(alert);
      call.changed();
      return json({});
    },
  },
  {
    method: 'GET',
    set: 'Webhooks',
    scope: 'optionalFolder',
    permissions: ['Webhooks.View'],
    handler: (call) => list(call, sets(call).Webhooks, call.tenant.webhooks),
  },
  {
    method: 'GET',
    set: 'Webhooks',
    key: true,
    scope: 'optionalFolder',
    permissions: ['Webhooks.View'],
    handler: (call) =>
      one(call, sets(call).Webhooks, byKey(call.tenant.webhooks, requireKeyInt(call, 'Webhooks'), 'Webhook')),
  },
  {
    method: 'GET',
    set: 'Webhooks',
    operation: 'GetEventTypes',
    scope: 'optionalFolder',
    permissions: ['Webhooks.View'],
    handler: (call) =>
      json({
        '@odata.context': `${call.odataBase}/$metadata#EventTypes`,
        value: Object.entries(EVENT_TYPES).flatMap(([group, names]) =>
          names.map((name) => ({ Name: name, Group: group })),
        ),
      }),
  },
  {
    method: 'PUT',
    set: 'Webhooks',
    key: true,
    scope: 'optionalFolder',
    permissions: ['Webhooks.Edit'],
    handler: (call) => {
      const hook = byKey(call.tenant.webhooks, requireKeyInt(call, 'Webhooks'), 'Webhook');
      const body = bodyOf(call.req);
      const url = body.string('Url', { max: 2048 });
      try {
        if (!/^https?:$/.test(new URL(url).protocol)) throw new Error();
      } catch {
        throw badRequest(`Url '${url}' is not an http(s) URL.`);
      }
      const events = body.raw.Events ?? [];
      if (!Array.isArray(events) || !events.every((e) => ALL_EVENTS.includes(e?.EventType)))
        throw badRequest(`Events must be an array of { EventType } with known event types.`);
      Object.assign(hook, {
        Url: url,
        Enabled: body.bool('Enabled'),
        Secret: body.string('Secret', { optional: true }),
        AllowInsecureSsl: body.bool('AllowInsecureSsl', { optional: true }),
        SubscribeToAllEvents: body.bool('SubscribeToAllEvents', { optional: true }),
        Events: events.map((e) => ({ EventType: e.EventType })),
      });
      call.changed();
      return one(call, sets(call).Webhooks, hook);
    },
  },
  {
    method: 'POST',
    set: 'Webhooks',
    key: true,
    operation: 'Ping',
    scope: 'optionalFolder',
    permissions: ['Webhooks.View'],
    handler: (call) => {
      byKey(call.tenant.webhooks, requireKeyInt(call, 'Webhooks'), 'Webhook');
      return json({
        Type: 'ping',
        EventId: call.random.uuid(),
        Timestamp: call.clock.iso(),
        TenantId: call.tenant.Id,
        OrganizationUnitId: call.folder?.Id ?? null,
        UserId: call.user.id,
      });
    },
  },
];
