import { badRequest, ErrorCode, HttpError, notFound } from '../../server/errors';
import { json } from '../../server/http';
import type { Call, ODataRoute } from '../context';
import { byKey } from '../respond';
import type { Row, TenantState } from '../state';
import { bodyOf } from './body';
import * as route from './entityRoutes';

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
const TENANTS: route.Entity<'Tenants'> = {
  set: 'Tenants',
  what: 'Tenant',
  scope: 'tenant',
  rows: (call) => call.state.tenants.map(tenantRow),
};
const CALENDARS = route.entity('Calendars', 'Calendar', (t) => t.calendars, 'tenant');

function robotType(call: Call): string {
  const type = call.params.robotType;
  if (typeof type !== 'string' || !ROBOT_TYPES.includes(type))
    throw badRequest(`robotType must be one of ${ROBOT_TYPES.join(', ')}.`);
  return type;
}

const SETTINGS = { set: 'Settings', scope: 'tenant' } as const;
const FEATURES = { set: 'Features', scope: 'tenant' } as const;
const NAMED_USER_LICENSES = { set: 'LicensesNamedUser', scope: 'tenant' } as const;
const RUNTIME_LICENSES = { set: 'LicensesRuntime', scope: 'tenant' } as const;

export const TENANT_ROUTES: ODataRoute[] = [
  route.list(TENANTS, { hostAdmin: true }),
  route.get(TENANTS, { hostAdmin: true }),
  route.setAction(TENANTS, 'SetActive', { hostAdmin: true }, (call) => {
    const body = bodyOf(call.req);
    const ids = body.intArray('tenantIds');
    const active = body.bool('active');
    const tenants = ids.map((id) => byKey(call.state.tenants, id, 'Tenant'));
    if (!active && tenants.includes(call.tenant))
      throw route.conflict('You cannot deactivate the tenant you are signed in to.');
    for (const tenant of tenants) tenant.IsActive = active;
    call.changed();
    return json({});
  }),
  route.setAction(FEATURES, 'UpdateFeaturesBulk', { hostAdmin: true }, (call) => {
    const body = bodyOf(call.req);
    const name = body.string('Name');
    const value = body.bool('Value');
    for (const id of body.intArray('TenantId')) byKey(call.state.tenants, id, 'Tenant').features[name] = value;
    call.changed();
    return json({});
  }),
  route.setFunction(SETTINGS, 'GetLicense', { permissions: ['License.View'] }, (call) => {
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
  }),
  route.setFunction(SETTINGS, 'GetServicesSettings', {}, (call) => {
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
  }),
  route.setFunction(
    SETTINGS,
    'GetExecutionSettingsConfiguration',
    { parameters: { scope: 'integer' }, permissions: ['Settings.View'] },
    (call) => {
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
  ),
  route.setAction(SETTINGS, 'UpdateBulk', { permissions: ['Settings.Edit'] }, (call) => {
    const settings = bodyOf(call.req).raw.settings;
    if (!Array.isArray(settings) || !settings.every((s) => typeof s?.Name === 'string' && typeof s?.Value === 'string'))
      throw badRequest('settings must be an array of { Name, Value } strings.');
    for (const s of settings) call.tenant.settings[s.Name] = s.Value;
    call.changed();
    return json({});
  }),
  route.setFunction(
    NAMED_USER_LICENSES,
    'GetLicensesNamedUser',
    { parameters: { robotType: 'string' }, permissions: ['License.View'] },
    (call) => {
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
      return route.valueReply(call, 'LicensesNamedUser', entries);
    },
  ),
  route.setFunction(
    RUNTIME_LICENSES,
    'GetLicensesRuntime',
    { parameters: { robotType: 'string' }, permissions: ['License.View'] },
    (call) => {
      const type = robotType(call);
      return route.valueReply(
        call,
        'LicensesRuntime',
        call.tenant.licensesRuntime.filter((l) => l.RobotType === type),
      );
    },
  ),
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
  route.list(CALENDARS, { permissions: ['Settings.View'] }),
  route.get(CALENDARS, { permissions: ['Settings.View'] }),
  route.create(CALENDARS, { permissions: ['Settings.Edit'] }, (call, body) => {
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
  }),
];
