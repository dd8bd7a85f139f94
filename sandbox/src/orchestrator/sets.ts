import type { EntitySetDef } from '../odata/query';
import { shownRobotValues } from './routes/assetValues';

import type {
  Folder,
  Job,
  Package,
  QueueDefinition,
  QueueItem,
  Release,
  Robot,
  Row,
  Session,
  TenantState,
} from './state';

const PACKAGE_FIELDS = [
  'Id',
  'Key',
  'Version',
  'Title',
  'Description',
  'Authors',
  'Published',
  'IsActive',
  'IsLatestVersion',
  'OldVersion',
  'ReleaseNotes',
  'SupportsMultipleEntryPoints',
  'MainEntryPointPath',
  'RequiresUserInteraction',
  'TargetFramework',
  'ProjectType',
  'Tags',
  'Arguments',
];
export const JOB_STATES = [
  'Pending',
  'Running',
  'Stopping',
  'Terminating',
  'Faulted',
  'Successful',
  'Stopped',
  'Suspended',
  'Resumed',
];
export const LOG_LEVELS = ['Verbose', 'Trace', 'Information', 'Warning', 'Error', 'Fatal'];
export const UNRESPONSIVE_AFTER_MS = 120_000;

function byId<T extends { Id: unknown }>(rows: T[]): Map<unknown, T> {
  return new Map(rows.map((r) => [r.Id, r]));
}

/** The entity sets of one tenant. Navigation lookups are indexed once per request. */
export function entitySets(tenant: TenantState, now: number) {
  let robots: Map<unknown, Robot> | undefined;
  let releases: Map<unknown, Release> | undefined;
  const robot = (id: number | null) => (id === null ? null : ((robots ??= byId(tenant.robots)).get(id) ?? null));
  const release = (id: number) => (releases ??= byId(tenant.releases)).get(id) ?? null;
  let folders: Map<unknown, Folder> | undefined;
  const folderPath = (id: number) => (folders ??= byId(tenant.folders)).get(id)?.FullyQualifiedName ?? null;

  const Processes: EntitySetDef<Package> = { name: 'Processes', fields: PACKAGE_FIELDS };
  const Libraries: EntitySetDef<Package> = {
    name: 'Libraries',
    fields: [
      'Title',
      'Version',
      'Key',
      'Description',
      'Published',
      'IsLatestVersion',
      'OldVersion',
      'ReleaseNotes',
      'Authors',
      'Id',
    ],
    present: (p) => ({
      Title: p.Title,
      Version: p.Version,
      Key: p.Key,
      Description: p.Description,
      Published: p.Published,
      IsLatestVersion: p.IsLatestVersion,
      OldVersion: p.OldVersion,
      ReleaseNotes: p.ReleaseNotes,
      Authors: p.Authors,
      Id: p.Id,
    }),
  };
  const Releases: EntitySetDef<Release> = {
    name: 'Releases',
    fields: [
      'Id',
      'Key',
      'Name',
      'Description',
      'ProcessKey',
      'ProcessVersion',
      'IsLatestVersion',
      'IsProcessDeleted',
      'EnvironmentId',
      'EnvironmentName',
      'InputArguments',
      'Arguments',
      'OrganizationUnitId',
    ],
    navigation: { Environment: (r) => tenant.environments.find((e) => e.Id === r.EnvironmentId) ?? null },
  };
  const Robots: EntitySetDef<Robot> = {
    name: 'Robots',
    fields: [
      'Id',
      'Name',
      'Username',
      'Password',
      'Description',
      'Type',
      'HostingType',
      'CredentialType',
      'MachineName',
      'MachineId',
      'LicenseKey',
      'Version',
      'RobotEnvironments',
      'ExecutionSettings',
    ],
  };
  const Jobs: EntitySetDef<Job> = {
    name: 'Jobs',
    fields: [
      'Id',
      'Key',
      'State',
      'Source',
      'BatchExecutionKey',
      'Info',
      'CreationTime',
      'StartTime',
      'EndTime',
      'StartingScheduleId',
      'ReleaseName',
      'HostMachineName',
      'ProcessType',
      'OrganizationUnitId',
      'InputArguments',
      'OutputArguments',
      'OutputFile',
    ],
    navigation: {
      Robot: (j) => robot(j.$robotId),
      Release: (j) => release(j.$releaseId),
      Machine: (j) => {
        const r = robot(j.$robotId);
        return r ? (tenant.machines.find((m) => m.Id === r.MachineId) ?? null) : null;
      },
    },
    enumOrders: {},
    // The list never carries arguments (spec, Limits): GET Jobs(<key>) adds them.
    // Each job names its folder, as real services answer a read across folders (README, Reads across folders).
    present: (j) => ({
      ...j,
      OrganizationUnitFullyQualifiedName: folderPath(j.$folderId),
      InputArguments: null,
      OutputArguments: null,
      OutputFile: j.OutputFile ?? null,
    }),
  };
  const Sessions: EntitySetDef<Session> = {
    name: 'Sessions',
    fields: ['Id', 'State', 'ReportingTime', 'Info', 'IsUnresponsive', 'Robot'],
    navigation: { Robot: (s) => robot(s.$robotId) },
    // A disconnected robot said goodbye; only a connected one that stopped reporting is unresponsive.
    present: (s) => ({
      ...s,
      IsUnresponsive: s.State !== 'Disconnected' && now - Date.parse(s.ReportingTime) > UNRESPONSIVE_AFTER_MS,
    }),
  };
  const QueueDefinitions: EntitySetDef<QueueDefinition> = {
    name: 'QueueDefinitions',
    fields: [
      'Id',
      'Key',
      'Name',
      'Description',
      'MaxNumberOfRetries',
      'AcceptAutomaticallyRetry',
      'EnforceUniqueReference',
      'CreationTime',
      'OrganizationUnitId',
    ],
  };
  const QueueItems: EntitySetDef<QueueItem> = {
    name: 'QueueItems',
    fields: [
      'Id',
      'Key',
      'QueueDefinitionId',
      'Status',
      'ReviewStatus',
      'ReviewerUserId',
      'Reference',
      'Priority',
      'DeferDate',
      'DueDate',
      'StartProcessing',
      'EndProcessing',
      'SecondsInPreviousAttempts',
      'AncestorId',
      'RetryNumber',
      'CreationTime',
      'Progress',
      'RowVersion',
      'ProcessingExceptionType',
      'ProcessingException',
      'Output',
      'OutputData',
      'SpecificContent',
      'SpecificData',
    ],
    navigation: { QueueDefinition: (i) => tenant.queues.find((q) => q.Id === i.QueueDefinitionId) ?? null },
    maxTop: 100,
    defaultTop: 100,
    present: (i) => ({
      ...i,
      SpecificData: JSON.stringify({ DynamicProperties: i.SpecificContent }),
      OutputData: i.Output ? JSON.stringify({ DynamicProperties: i.Output }) : null,
    }),
  };
  const simple = (name: string, fields: string[], extra: Partial<EntitySetDef<Row>> = {}): EntitySetDef<Row> => ({
    name,
    fields,
    ...extra,
  });
  return {
    Processes,
    Libraries,
    Releases,
    Robots,
    Jobs,
    Sessions,
    QueueDefinitions,
    QueueItems,
    QueueItemEvents: simple('QueueItemEvents', [
      'Id',
      'QueueItemId',
      'Action',
      'Status',
      'ReviewStatus',
      'Timestamp',
      'UserName',
    ]),
    QueueItemComments: simple('QueueItemComments', ['Id', 'QueueItemId', 'Text', 'CreationTime', 'UserId', 'UserName']),
    Assets: simple(
      'Assets',
      [
        'Id',
        'Name',
        'CanBeDeleted',
        'ValueScope',
        'ValueType',
        'Value',
        'StringValue',
        'BoolValue',
        'IntValue',
        'CredentialUsername',
        'CredentialPassword',
        'KeyValueList',
      ],
      { navigation: { RobotValues: (asset) => shownRobotValues(asset) } },
    ),
    Environments: simple('Environments', ['Id', 'Name', 'Description', 'Type']),
    Calendars: simple('Calendars', ['Id', 'Name', 'TimeZoneId', 'ExcludedDates']),
    Webhooks: simple('Webhooks', [
      'Id',
      'Url',
      'Enabled',
      'Secret',
      'SubscribeToAllEvents',
      'AllowInsecureSsl',
      'Events',
    ]),
    Alerts: simple('Alerts', [
      'Id',
      'UserNotificationId',
      'NotificationName',
      'Component',
      'Severity',
      'State',
      'CreationTime',
      'Data',
    ]),
    Roles: simple('Roles', ['Id', 'Name', 'DisplayName', 'Groups', 'IsStatic', 'IsEditable']),
    Users: simple('Users', [
      'Id',
      'UserName',
      'Name',
      'Surname',
      'EmailAddress',
      'Type',
      'Domain',
      'IsActive',
      'RolesList',
      'CultureCode',
    ]),
    Machines: simple('Machines', ['Id', 'Name', 'Type', 'LicenseKey']),
    AuditLogs: simple('AuditLogs', [
      'Id',
      'ServiceName',
      'MethodName',
      'Action',
      'Component',
      'UserName',
      'ExecutionTime',
    ]),
    Folders: {
      name: 'Folders',
      fields: [
        'Id',
        'Key',
        'DisplayName',
        'FullyQualifiedName',
        'Description',
        'FolderType',
        'ProvisionType',
        'PermissionModel',
        'ParentId',
        'IsActive',
        'FeedType',
      ],
    } as EntitySetDef<Folder>,
    Tenants: simple('Tenants', [
      'Id',
      'Name',
      'LastLoginTime',
      'IsActive',
      'AdminEmailAddress',
      'AdminName',
      'AdminSurname',
      'AdminPassword',
      'License',
    ]),
  };
}

export type EntitySets = ReturnType<typeof entitySets>;
