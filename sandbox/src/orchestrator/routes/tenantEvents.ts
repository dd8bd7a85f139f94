// What the tenant tells about itself: alerts for people, webhooks for other systems (and the events they can carry).
import { badRequest } from '../../server/errors';
import { json } from '../../server/http';
import type { ODataRoute } from '../context';
import { bodyOf } from './body';
import * as route from './entityRoutes';

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

const ALERTS = route.entity('Alerts', 'Alert', (t) => t.alerts, 'tenant');
const WEBHOOKS: route.Entity<'Webhooks'> = {
  ...route.entity('Webhooks', 'Webhook', (t) => t.webhooks, 'tenant'),
  scope: 'optionalFolder',
};

export const TENANT_EVENT_ROUTES: ODataRoute[] = [
  route.list(ALERTS, { permissions: ['Alerts.View'] }),
  route.setFunction(ALERTS, 'GetUnreadCount', { permissions: ['Alerts.View'] }, (call) =>
    route.valueReply(call, 'Edm.Int64', call.tenant.alerts.filter((a) => a.State === 'Unread').length),
  ),
  route.setAction(ALERTS, 'MarkAsRead', { permissions: ['Alerts.View'] }, (call) => {
    const ids = bodyOf(call.req).stringArray('ids');
    let marked = 0;
    for (const alert of call.tenant.alerts) {
      if (ids.includes(String(alert.UserNotificationId)) && alert.State === 'Unread') {
        alert.State = 'Read';
        marked++;
      }
    }
    call.changed();
    return route.valueReply(call, 'Edm.Int32', marked);
  }),
  route.setAction(ALERTS, 'RaiseProcessAlert', { permissions: ['Alerts.Create'] }, (call) => {
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
  }),
  route.list(WEBHOOKS, { permissions: ['Webhooks.View'] }),
  route.get(WEBHOOKS, { permissions: ['Webhooks.View'] }),
  route.setFunction(WEBHOOKS, 'GetEventTypes', { permissions: ['Webhooks.View'] }, (call) =>
    route.valueReply(
      call,
      'EventTypes',
      Object.entries(EVENT_TYPES).flatMap(([group, names]) => names.map((name) => ({ Name: name, Group: group }))),
    ),
  ),
  route.update(WEBHOOKS, { permissions: ['Webhooks.Edit'], replyRow: true }, (_call, hook, body) => {
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
  }),
  route.entityAction(WEBHOOKS, 'Ping', { permissions: ['Webhooks.View'] }, (call) =>
    json({
      Type: 'ping',
      EventId: call.random.uuid(),
      Timestamp: call.clock.iso(),
      TenantId: call.tenant.Id,
      OrganizationUnitId: call.folder?.Id ?? null,
      UserId: call.user.id,
    }),
  ),
];
