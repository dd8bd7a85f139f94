import type { EntitySetDef } from '../odata/query';
import { shownRobotValues } from './routes/assetValues';
import { SET_FIELDS } from './setFields';

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

  const Processes: EntitySetDef<Package> = { name: 'Processes', fields: SET_FIELDS.Processes };
  const Libraries: EntitySetDef<Package> = {
    name: 'Libraries',
    fields: SET_FIELDS.Libraries,
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
    fields: SET_FIELDS.Releases,
    navigation: { Environment: (r) => tenant.environments.find((e) => e.Id === r.EnvironmentId) ?? null },
  };
  const Robots: EntitySetDef<Robot> = { name: 'Robots', fields: SET_FIELDS.Robots };
  const Jobs: EntitySetDef<Job> = {
    name: 'Jobs',
    fields: SET_FIELDS.Jobs,
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
    fields: SET_FIELDS.Sessions,
    navigation: { Robot: (s) => robot(s.$robotId) },
    // A disconnected robot said goodbye; only a connected one that stopped reporting is unresponsive.
    present: (s) => ({
      ...s,
      IsUnresponsive: s.State !== 'Disconnected' && now - Date.parse(s.ReportingTime) > UNRESPONSIVE_AFTER_MS,
    }),
  };
  const QueueDefinitions: EntitySetDef<QueueDefinition> = {
    name: 'QueueDefinitions',
    fields: SET_FIELDS.QueueDefinitions,
  };
  const QueueItems: EntitySetDef<QueueItem> = {
    name: 'QueueItems',
    fields: SET_FIELDS.QueueItems,
    navigation: { QueueDefinition: (i) => tenant.queues.find((q) => q.Id === i.QueueDefinitionId) ?? null },
    maxTop: 100,
    defaultTop: 100,
    present: (i) => ({
      ...i,
      SpecificData: JSON.stringify({ DynamicProperties: i.SpecificContent }),
      OutputData: i.Output ? JSON.stringify({ DynamicProperties: i.Output }) : null,
    }),
  };
  const Folders: EntitySetDef<Folder> = { name: 'Folders', fields: SET_FIELDS.Folders };
  /** A set whose rows are answered as stored: its name and fields, and what `extra` adds. */
  const simple = (name: keyof typeof SET_FIELDS, extra: Partial<EntitySetDef<Row>> = {}): EntitySetDef<Row> => ({
    name,
    fields: SET_FIELDS[name],
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
    QueueItemEvents: simple('QueueItemEvents'),
    QueueItemComments: simple('QueueItemComments'),
    Assets: simple('Assets', { navigation: { RobotValues: (asset) => shownRobotValues(asset) } }),
    Environments: simple('Environments'),
    Calendars: simple('Calendars'),
    Webhooks: simple('Webhooks'),
    Alerts: simple('Alerts'),
    Roles: simple('Roles'),
    Users: simple('Users'),
    Machines: simple('Machines'),
    AuditLogs: simple('AuditLogs'),
    Folders,
    Tenants: simple('Tenants'),
  };
}

export type EntitySets = ReturnType<typeof entitySets>;
