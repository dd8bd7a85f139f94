import * as z from 'zod/mini';
import type { CallOptions, ODataBase, ListOptions } from './base';
import { EntitySet } from './entitySet';
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
import { t } from '../l10n';

export type RobotType = 'Unattended' | 'Attended' | 'NonProduction' | 'Development';

/** Tenant-wide resources: tenants (host administrators), settings, licenses, alerts, calendars, webhooks, audit. */
export class TenantApi {
  readonly tenants: EntitySet<z.infer<typeof TenantSchema>>;
  readonly alerts: EntitySet<z.infer<typeof AlertSchema>>;
  readonly calendars: EntitySet<z.infer<typeof CalendarSchema>>;
  readonly webhooks: EntitySet<z.infer<typeof WebhookSchema>>;
  readonly auditLogs: EntitySet<{ Id: number }>;

  constructor(private readonly base: ODataBase) {
    this.tenants = new EntitySet(base, 'Tenants', TenantSchema);
    this.alerts = new EntitySet(base, 'Alerts', AlertSchema);
    this.calendars = new EntitySet(base, 'Calendars', CalendarSchema);
    this.webhooks = new EntitySet(base, 'Webhooks', WebhookSchema);
    this.auditLogs = new EntitySet(base, 'AuditLogs', z.looseObject({ Id: z.int() }));
  }

  setActive(tenantIds: number[], active: boolean, options: CallOptions = {}) {
    return this.base.post(this.base.operation('Tenants', 'SetActive'), { tenantIds, active }, options);
  }

  updateFeature(name: string, tenantIds: number[], value: boolean, options: CallOptions = {}) {
    const change = { Name: name, TenantId: tenantIds, Value: value };
    return this.base.post(this.base.operation('Features', 'UpdateFeaturesBulk'), change, options);
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
    const path = this.base.operation('Settings', 'GetExecutionSettingsConfiguration', { scope });
    return this.base.get(path, ExecutionSettingsSchema, options);
  }

  updateSettings(settings: { Name: string; Value: string }[], options: CallOptions = {}) {
    const typed = settings.map((s) => ({ Name: s.Name, 'Name@odata.type': '#String', Value: s.Value }));
    return this.base.post(this.base.operation('Settings', 'UpdateBulk'), { settings: typed }, options);
  }

  namedUserLicenses(robotType: RobotType, options: ListOptions = {}) {
    const path = this.base.operation('LicensesNamedUser', 'GetLicensesNamedUser', { robotType });
    return this.base.getPage(path, NamedUserLicenseSchema, options);
  }

  runtimeLicenses(robotType: RobotType, options: ListOptions = {}) {
    const path = this.base.operation('LicensesRuntime', 'GetLicensesRuntime', { robotType });
    return this.base.getPage(path, RuntimeLicenseSchema, options);
  }

  toggleRuntime(key: string, robotType: RobotType, enabled: boolean, options: CallOptions = {}) {
    const path = this.base.operationOn('LicensesRuntime', key, 'ToggleEnabled');
    return this.base.post(path, { key, robotType, enabled }, options);
  }

  async unreadAlerts(options: CallOptions = {}): Promise<number> {
    return (await this.base.get(this.base.operation('Alerts', 'GetUnreadCount', {}), CountSchema, options)).value;
  }

  async markAlertsRead(ids: string[], options: CallOptions = {}): Promise<number> {
    return (await this.base.post(this.base.operation('Alerts', 'MarkAsRead'), { ids }, options, CountSchema)).value;
  }

  raiseAlert(
    alert: { Message: string; Severity?: 'Info' | 'Success' | 'Warn' | 'Error' | 'Fatal' },
    options: CallOptions = {},
  ) {
    return this.base.post(this.base.operation('Alerts', 'RaiseProcessAlert'), alert, options);
  }

  async createCalendar(
    calendar: { Name: string; TimeZoneId?: string; ExcludedDates: string[] },
    options: CallOptions = {},
  ) {
    for (const date of calendar.ExcludedDates)
      this.base.check(
        'POST /odata/Calendars',
        Number.isNaN(Date.parse(date)) ? t("'{0}' is not a date.", date) : undefined,
      );
    return this.base.post(this.calendars.path, calendar, options, CalendarSchema);
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
      protocol === 'https:' || protocol === 'http:' ? undefined : t("'{0}' is not an http(s) URL.", webhook.Url),
    );
    return this.base.send('PUT', this.base.entity('Webhooks', id), webhook, WebhookSchema, options);
  }

  ping(id: number, options: CallOptions = {}) {
    return this.base.post(this.base.operationOn('Webhooks', id, 'Ping'), {}, options, PingEventSchema);
  }

  exportAuditLogs(options: CallOptions = {}) {
    return this.base.post(this.base.operation('AuditLogs', 'Export'), {}, options, ExportSchema);
  }
}
