import { z } from 'zod';
import type { CallOptions, ODataBase, ListOptions } from './base';
import {
  AlertSchema,
  CalendarSchema,
  CountSchema,
  EventTypeSchema,
  ExecutionSettingsSchema,
  ExportSchema,
  LicenseReportSchema,
  NamedUserLicenseSchema,
  PingEventSchema,
  RuntimeLicenseSchema,
  ServicesSettingsSchema,
  TenantSchema,
  WebhookSchema,
} from './schemas';

const MAX_TOP = 1000;
export type RobotType = 'Unattended' | 'Attended' | 'NonProduction' | 'Development';

/** Tenant-wide resources: tenants (host administrators), settings, licenses, alerts, calendars, webhooks, audit. */
export class TenantApi {
  constructor(private readonly base: ODataBase) {}

  tenants(options: ListOptions = {}) {
    return this.base.getPage('/odata/Tenants', TenantSchema, { ...options, maxTop: MAX_TOP });
  }

  tenant(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Tenants', id), TenantSchema, options);
  }

  setActive(tenantIds: number[], active: boolean, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Tenants', 'SetActive'),
      { tenantIds, active },
      undefined,
      options,
    );
  }

  updateFeature(name: string, tenantIds: number[], value: boolean, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Features', 'UpdateFeaturesBulk'),
      { Name: name, TenantId: tenantIds, Value: value },
      undefined,
      options,
    );
  }

  license(options: CallOptions = {}) {
    return this.base.get(this.base.operation('Settings', 'GetLicense'), LicenseReportSchema, options);
  }

  /** Robot-facing: needs the robot's license key. The two feed API keys come back masked. */
  servicesSettings(robotLicenseKey: string, options: CallOptions = {}) {
    return this.base.transport
      .request({
        method: 'GET',
        path: this.base.operation('Settings', 'GetServicesSettings', {}),
        headers: { 'X-ROBOT-LICENSE': robotLicenseKey },
        signal: options.signal,
      })
      .then((body) => ServicesSettingsSchema.parse(body.kind === 'json' ? body.value : undefined));
  }

  executionSettings(scope: number, options: CallOptions = {}) {
    return this.base.get(
      this.base.operation('Settings', 'GetExecutionSettingsConfiguration', { scope }),
      ExecutionSettingsSchema,
      options,
    );
  }

  updateSettings(settings: { Name: string; Value: string }[], options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Settings', 'UpdateBulk'),
      { settings: settings.map((s) => ({ Name: s.Name, 'Name@odata.type': '#String', Value: s.Value })) },
      undefined,
      options,
    );
  }

  namedUserLicenses(robotType: RobotType, options: ListOptions = {}) {
    return this.base.getPage(
      this.base.operation('LicensesNamedUser', 'GetLicensesNamedUser', { robotType }),
      NamedUserLicenseSchema,
      options,
    );
  }

  runtimeLicenses(robotType: RobotType, options: ListOptions = {}) {
    return this.base.getPage(
      this.base.operation('LicensesRuntime', 'GetLicensesRuntime', { robotType }),
      RuntimeLicenseSchema,
      options,
    );
  }

  toggleRuntime(key: string, robotType: RobotType, enabled: boolean, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('LicensesRuntime', 'ToggleEnabled', undefined, { key }),
      { key, robotType, enabled },
      undefined,
      options,
    );
  }

  alerts(options: ListOptions = {}) {
    return this.base.getPage('/odata/Alerts', AlertSchema, { ...options, maxTop: MAX_TOP });
  }

  async unreadAlerts(options: CallOptions = {}): Promise<number> {
    return (await this.base.get(this.base.operation('Alerts', 'GetUnreadCount', {}), CountSchema, options)).value;
  }

  async markAlertsRead(ids: string[], options: CallOptions = {}): Promise<number> {
    return (await this.base.send('POST', this.base.operation('Alerts', 'MarkAsRead'), { ids }, CountSchema, options))
      .value;
  }

  raiseAlert(
    alert: { Message: string; Severity?: 'Info' | 'Success' | 'Warn' | 'Error' | 'Fatal' },
    options: CallOptions = {},
  ) {
    return this.base.send('POST', this.base.operation('Alerts', 'RaiseProcessAlert'), alert, undefined, options);
  }

  calendars(options: ListOptions = {}) {
    return this.base.getPage('/odata/Calendars', CalendarSchema, { ...options, maxTop: MAX_TOP });
  }

  calendar(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Calendars', id), CalendarSchema, options);
  }

  async createCalendar(
    calendar: { Name: string; TimeZoneId?: string; ExcludedDates: string[] },
    options: CallOptions = {},
  ) {
    for (const date of calendar.ExcludedDates)
      this.base.check('POST /odata/Calendars', Number.isNaN(Date.parse(date)) ? `'${date}' is not a date.` : undefined);
    return this.base.send('POST', '/odata/Calendars', calendar, CalendarSchema, options);
  }

  webhooks(options: ListOptions = {}) {
    return this.base.getPage('/odata/Webhooks', WebhookSchema, { ...options, maxTop: MAX_TOP });
  }

  webhook(id: number, options: CallOptions = {}) {
    return this.base.get(this.base.entity('Webhooks', id), WebhookSchema, options);
  }

  eventTypes(options: CallOptions = {}) {
    return this.base.getPage(this.base.operation('Webhooks', 'GetEventTypes', {}), EventTypeSchema, options);
  }

  async updateWebhook(
    id: number,
    webhook: {
      Url: string;
      Enabled: boolean;
      Secret?: string;
      AllowInsecureSsl?: boolean;
      SubscribeToAllEvents?: boolean;
      Events: { EventType: string }[];
    },
    options: CallOptions = {},
  ) {
    let protocol = '';
    try {
      protocol = new URL(webhook.Url).protocol;
    } catch {
      // reported below
    }
    this.base.check(
      `PUT /odata/Webhooks(${id})`,
      protocol === 'https:' || protocol === 'http:' ? undefined : `'${webhook.Url}' is not an http(s) URL.`,
    );
    return this.base.send('PUT', this.base.entity('Webhooks', id), webhook, WebhookSchema, options);
  }

  ping(id: number, options: CallOptions = {}) {
    return this.base.send(
      'POST',
      this.base.operation('Webhooks', 'Ping', undefined, { key: id }),
      {},
      PingEventSchema,
      options,
    );
  }

  auditLogs(options: ListOptions = {}) {
    return this.base.getPage('/odata/AuditLogs', z.looseObject({ Id: z.number().int() }), {
      ...options,
      maxTop: MAX_TOP,
    });
  }

  exportAuditLogs(options: CallOptions = {}) {
    return this.base.send('POST', this.base.operation('AuditLogs', 'Export'), {}, ExportSchema, options);
  }
}
