import { badRequest, ErrorCode, HttpError, notFound } from '../../server/errors';
import { json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey } from '../respond';
import type { Row, TenantState } from '../state';
import { bodyOf } from './body';
import {
  conflict,
  createRoute,
  getRoute,
  listRoute,
  setOperation,
  tenantEntity,
  valueReply,
  type Entity,
} from './entityRoutes';

const ROBOT_TYPES = ['Unattended', 'Attended', 'NonProduction', 'Development'];
const counts = (_tenant: TenantState, pick: (type: string) => number) =>
  Object.fromEntries(ROBOT_TYPES.map((t) => [t, pick(t)]));

/** Tenants as the host sees them; admin fields are always null (spec). */
function tenantRow(tenant: TenantState): Row {
  return {
    Id: tenant.Id,
    Name: tenant.Name,
    LastLoginTime: tenant.LastLoginTime,
    IsActive: tenant.IsActive,
    AdminEmailAddress: null,
    AdminName: null,
    AdminSurname: null,
    AdminPassword: null,
    License: {
      HostLicenseId: 1,
      CreationTime: tenant.LastLoginTime,
      Code: `LIC-${tenant.Name.toUpperCase()}`,
      Id: tenant.Id,
      Allowed: counts(tenant, () => 10),
    },
  };
}

/** The tenants as the host administrator sees them. */
const TENANTS: Entity<'Tenants'> = {
  set: 'Tenants',
  what: 'Tenant',
  scope: 'tenant',
  rows: (call) => call.state.tenants.map(tenantRow),
};
const CALENDARS = tenantEntity('Calendars', 'Calendar', (t) => t.calendars);

function robotType(call: Call): string {
  const type = call.params.robotType;
  if (typeof type !== 'string' || !ROBOT_TYPES.includes(type))
    throw badRequest(`robotType must be one of ${ROBOT_TYPES.join(', ')}.`);
  return type;
}

export const TENANT_ROUTES: ODataRoute[] = [
  listRoute({ entity: TENANTS, hostAdmin: true }),
  getRoute({ entity: TENANTS, hostAdmin: true }),
  setOperation({
    entity: TENANTS,
    method: 'POST',
    operation: 'SetActive',
    hostAdmin: true,
    handler: (call) => {
      const body = bodyOf(call.req);
      const ids = body.intArray('tenantIds');
      const active = body.bool('active');
      const tenants = ids.map((id) => byKey(call.state.tenants, id, 'Tenant'));
      if (!active && tenants.includes(call.tenant))
        throw conflict('You cannot deactivate the tenant you are signed in to.');
      for (const tenant of tenants) tenant.IsActive = active;
      call.changed();
      return json({});
    },
  }),
  {
    method: 'POST',
    set: 'Features',
    operation: 'UpdateFeaturesBulk',
    scope: 'tenant',
    hostAdmin: true,
    handler: (call) => {
      const body = bodyOf(call.req);
      const name = body.string('Name');
      const value = body.bool('Value');
      for (const id of body.intArray('TenantId')) byKey(call.state.tenants, id, 'Tenant').features[name] = value;
      call.changed();
      return json({});
    },
  },
  {
    method: 'GET',
    set: 'Settings',
    operation: 'GetLicense',
    scope: 'tenant',
    permissions: ['License.View'],
    handler: (call) => {
      const t = call.tenant;
      return json({
        '@odata.context': `${call.odataBase}/$metadata#${call.options.namespace}.LicenseDto`,
        ExpireDate: Math.floor(Date.parse('2027-12-31T00:00:00Z') / 1000),
        IsRegistered: true,
        Concurrent: false,
        IsExpired: false,
        AllowedRobots: counts(t, () => 10),
        DefinedRobots: counts(t, (type) => t.robots.filter((r) => r.Type === type).length),
        ConcurrentRobots: counts(
          t,
          (type) =>
            t.jobs.filter((j) => j.State === 'Running' && t.robots.find((r) => r.Id === j.$robotId)?.Type === type)
              .length,
        ),
      });
    },
  },
  {
    method: 'GET',
    set: 'Settings',
    operation: 'GetServicesSettings',
    scope: 'tenant',
    handler: (call) => {
      const key = call.req.header('X-ROBOT-LICENSE');
      if (!key || !call.tenant.robots.some((r) => r.LicenseKey === key))
        throw new HttpError(401, ErrorCode.unauthorized, 'Send the robot license key in X-ROBOT-LICENSE.');
      const keys = [
        'ConfigurationUrl',
        'DeploymentUrl',
        'MonitoringUrl',
        'NotificationHubUrl',
        'LoggingUrl',
        'QueuesSvcUrl',
        'NuGet.Packages.ApiKey',
        'NuGetServiceApiKey',
        'ActivitiesFeed',
      ];
      const base = call.odataBase.replace(/\/odata$/, '');
      return json({
        Keys: keys,
        Values: keys.map((k) => (k.includes('ApiKey') ? '********' : `${base}/${k.replace(/Url$/, '').toLowerCase()}`)),
      });
    },
  },
  {
    method: 'GET',
    set: 'Settings',
    operation: 'GetExecutionSettingsConfiguration',
    parameters: { scope: 'integer' },
    scope: 'tenant',
    permissions: ['Settings.View'],
    handler: (call) => {
      if (typeof call.params.scope !== 'number') throw badRequest('scope must be an integer.');
      return json({
        Scope: call.params.scope === 0 ? 'Global' : 'Robot',
        Configuration: [
          {
            Key: 'TracingLevel',
            DisplayName: 'Logging level',
            ValueType: 'MultipleChoice',
            DefaultValue: 'Information',
            PossibleValues: ['Verbose', 'Trace', 'Information', 'Warning', 'Error', 'Critical', 'Off'],
          },
          {
            Key: 'LoginToConsole',
            DisplayName: 'Login to console',
            ValueType: 'Boolean',
            DefaultValue: 'false',
            PossibleValues: [],
          },
          ...['ResolutionWidth', 'ResolutionHeight', 'ResolutionDepth'].map((k) => ({
            Key: k,
            DisplayName: k.replace('Resolution', 'Resolution '),
            ValueType: 'Integer',
            DefaultValue: '0',
            PossibleValues: [],
          })),
        ],
      });
    },
  },
  {
    method: 'POST',
    set: 'Settings',
    operation: 'UpdateBulk',
    scope: 'tenant',
    permissions: ['Settings.Edit'],
    handler: (call) => {
      const settings = bodyOf(call.req).raw.settings;
      if (
        !Array.isArray(settings) ||
        !settings.every((s) => typeof s?.Name === 'string' && typeof s?.Value === 'string')
      )
        throw badRequest('settings must be an array of { Name, Value } strings.');
      for (const s of settings) call.tenant.settings[s.Name] = s.Value;
      call.changed();
      return json({});
    },
  },
  {
    method: 'GET',
    set: 'LicensesNamedUser',
    operation: 'GetLicensesNamedUser',
    parameters: { robotType: 'string' },
    scope: 'tenant',
    permissions: ['License.View'],
    handler: (call) => {
      robotType(call);
      const entries = call.tenant.users.slice(0, 1000).map((u) => ({
        UserName: u.UserName,
        Key: `NU-${String(u.Id)}`,
        LastLoginDate: call.tenant.LastLoginTime,
        MachinesCount: 1,
        IsLicensed: true,
        ActiveRobotId: null,
        MachineNames: ['RPA-VM-1'],
        ActiveMachineNames: [],
      }));
      return valueReply(call, 'LicensesNamedUser', entries);
    },
  },
  {
    method: 'GET',
    set: 'LicensesRuntime',
    operation: 'GetLicensesRuntime',
    parameters: { robotType: 'string' },
    scope: 'tenant',
    permissions: ['License.View'],
    handler: (call) => {
      const type = robotType(call);
      return valueReply(
        call,
        'LicensesRuntime',
        call.tenant.licensesRuntime.filter((l) => l.RobotType === type),
      );
    },
  },
  {
    method: 'POST',
    set: 'LicensesRuntime',
    key: true,
    keyType: 'string',
    operation: 'ToggleEnabled',
    scope: 'tenant',
    permissions: ['Machines.Edit'],
    handler: (call) => {
      const body = bodyOf(call.req);
      const key = body.string('key');
      if (key !== call.key) throw badRequest('The key in the body must match the key in the path.');
      const entry = call.tenant.licensesRuntime.find((l) => l.Key === key && l.RobotType === body.string('robotType'));
      if (!entry) throw notFound(`No runtime license for machine key ${key}.`);
      entry.Enabled = body.bool('enabled');
      call.changed();
      return json({});
    },
  },
  listRoute({ entity: CALENDARS, permissions: ['Settings.View'] }),
  getRoute({ entity: CALENDARS, permissions: ['Settings.View'] }),
  createRoute({
    entity: CALENDARS,
    permissions: ['Settings.Edit'],
    create: (call, body) => {
      const dates = body.raw.ExcludedDates ?? [];
      if (!Array.isArray(dates) || !dates.every((d) => typeof d === 'string' && !Number.isNaN(Date.parse(d))))
        throw badRequest('ExcludedDates must be an array of ISO 8601 datetimes.');
      const normalized = [
        ...new Set(dates.map((d: string) => `${new Date(d).toISOString().slice(0, 10)}T00:00:00Z`)),
      ].sort();
      return {
        Id: call.tenant.nextId++,
        Name: body.string('Name', { max: 128 }),
        TimeZoneId: body.has('TimeZoneId')
          ? body.string('TimeZoneId')
          : (call.tenant.settings['Abp.Timing.TimeZone'] ?? 'UTC'),
        ExcludedDates: normalized,
      };
    },
  }),
];
