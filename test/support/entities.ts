// Entities as the services send them, for tests: each builder returns the real type (the zod schemas' inferred types)
// with only the fields the schema requires filled in, and the test's own fields over them. A test names what it
// checks; nothing else is set, so no fixture needs a cast.
import type { StoredAccount } from '../../src/core/auth/sessions';
import type { Connection } from '../../src/core/connections';
import type { Idea } from '../../src/core/ideas/schemas';
import type * as Orchestrator from '../../src/core/orchestrator/schemas';
import type { FolderSummary } from '../../src/core/rows/rows';

/** A time the services could send, a little before the tests' usual clock (2026-11-21T12:00:00Z). */
const CREATED = '2026-11-21T11:00:00Z';

export const aJob = (fields: Partial<Orchestrator.Job> = {}): Orchestrator.Job => ({
  Id: 1,
  Key: `job-${fields.Id ?? 1}`,
  State: 'Running',
  CreationTime: CREATED,
  ...fields,
});

export const aRelease = (fields: Partial<Orchestrator.Release> = {}): Orchestrator.Release => ({
  Id: 1,
  Key: `release-${fields.Id ?? 1}`,
  Name: 'Process',
  ProcessKey: 'Process',
  ProcessVersion: '1.0.0',
  IsLatestVersion: true,
  ...fields,
});

export const aPackage = (fields: Partial<Orchestrator.Package> = {}): Orchestrator.Package => ({
  Id: 'Package',
  Key: 'Package:1.0.0',
  Version: '1.0.0',
  IsLatestVersion: true,
  ...fields,
});

export const aLibrary = (fields: Partial<Orchestrator.Library> = {}): Orchestrator.Library => ({
  Id: 'Library',
  Key: 'Library:1.0.0',
  Version: '1.0.0',
  IsLatestVersion: true,
  ...fields,
});

export const aRobot = (fields: Partial<Orchestrator.Robot> = {}): Orchestrator.Robot => ({
  Id: 1,
  Name: 'Robot',
  Type: 'Unattended',
  ...fields,
});

export const anAsset = (fields: Partial<Orchestrator.Asset> = {}): Orchestrator.Asset => ({
  Id: 1,
  Name: 'Asset',
  ValueType: 'Text',
  ...fields,
});

export const aQueue = (fields: Partial<Orchestrator.QueueDefinition> = {}): Orchestrator.QueueDefinition => ({
  Id: 1,
  Name: 'Queue',
  ...fields,
});

export const aQueueItem = (fields: Partial<Orchestrator.QueueItem> = {}): Orchestrator.QueueItem => ({
  Id: 1,
  Key: `item-${fields.Id ?? 1}`,
  QueueDefinitionId: 1,
  Status: 'New',
  CreationTime: CREATED,
  ...fields,
});

export const aFolder = (fields: Partial<Orchestrator.Folder> = {}): Orchestrator.Folder => ({
  Id: 1,
  DisplayName: 'Shared',
  FullyQualifiedName: fields.DisplayName ?? 'Shared',
  ...fields,
});

/** A folder as the navigation endpoint lists it (a child of the folder tree). */
export const aFolderSummary = (fields: Partial<FolderSummary> = {}): FolderSummary => ({
  Id: 1,
  DisplayName: 'Shared',
  FullyQualifiedName: fields.DisplayName ?? 'Shared',
  ChildrenCount: 0,
  ...fields,
});

export const aTenant = (fields: Partial<Orchestrator.Tenant> = {}): Orchestrator.Tenant => ({
  Id: 1,
  Name: 'Tenant',
  IsActive: true,
  ...fields,
});

export const anAlert = (fields: Partial<Orchestrator.Alert> = {}): Orchestrator.Alert => ({
  Id: 'alert-1',
  UserNotificationId: 'notification-1',
  NotificationName: 'Alert',
  Severity: 'Info',
  State: 'Unread',
  CreationTime: CREATED,
  ...fields,
});

export const aWebhook = (fields: Partial<Orchestrator.Webhook> = {}): Orchestrator.Webhook => ({
  Id: 1,
  Url: 'https://hooks.example/a',
  Enabled: true,
  ...fields,
});

export const anIdea = (fields: Partial<Idea> = {}): Idea => ({
  id: 1,
  name: 'Idea',
  phase: 'Idea',
  status: 'Awaiting review',
  createdAt: CREATED,
  ...fields,
});

/** A cloud connection as `readConnections` makes one (signs in in the browser; protection as the test needs). */
export const aConnection = (fields: Partial<Connection> = {}): Connection => ({
  id: 'c1',
  label: 'Sandbox',
  kind: 'cloud',
  serviceUrl: 'https://orchestrator.test',
  account: 'a',
  tenant: 't',
  protection: 'normal',
  authentication: 'browser',
  clientId: 'orchestrator-workbench',
  scopes: 'openid',
  ...fields,
});

/** An account signed in through the browser, as the session store keeps it (without its tokens). */
export const anAccount = (fields: Partial<StoredAccount> = {}): StoredAccount => ({
  id: 'account-1',
  connectionId: 'c1',
  userName: 'dev',
  label: 'dev',
  scopes: 'openid',
  kind: 'oauth',
  ...fields,
});
