import type { FaultText } from './faultTexts';

/**
 * The sandbox's data. Records are kept in the JSON shape the service answers (PascalCase fields from the spec's
 * tables); keys starting with `$` are internal relations and flags that never leave the sandbox. Everything here is
 * plain JSON so `--state FILE` can persist and reload it.
 */
export type Row = Record<string, unknown>;

export interface Folder extends Row {
  Id: number;
  Key: string;
  DisplayName: string;
  FullyQualifiedName: string;
  Description: string | null;
  FolderType: 'Standard' | 'Personal';
  ProvisionType: 'Manual' | 'Automatic';
  PermissionModel: 'FineGrained';
  ParentId: number | null;
  IsActive: boolean;
  FeedType: 'Processes';
  $ownerUserId?: number;
  /** Only these users may use the folder; absent = every tenant user except outsiders. */
  $restrictedTo?: number[];
}

export interface Package extends Row {
  Id: string;
  Key: string;
  Version: string;
  Title: string | null;
  Description: string;
  Authors: string;
  Published: string;
  IsActive: boolean;
  IsLatestVersion: boolean;
  OldVersion: string | null;
  ReleaseNotes: string | null;
  SupportsMultipleEntryPoints: boolean;
  MainEntryPointPath: string | null;
  RequiresUserInteraction: boolean;
  TargetFramework: string;
  ProjectType: string;
  Tags: string | null;
  Arguments: { Input: string | null; Output: string | null } | null;
  /** How the package arrived: 'studio' packages accept SetArguments; 'api' and 'feed' ones are refused. */
  $uploadedVia: 'studio' | 'api' | 'feed';
  $isLibrary?: boolean;
}

export interface Release extends Row {
  Id: number;
  Key: string;
  Name: string;
  Description: string | null;
  ProcessKey: string;
  ProcessVersion: string;
  IsLatestVersion: boolean;
  IsProcessDeleted: boolean;
  EnvironmentId: number;
  EnvironmentName: string;
  InputArguments: string | null;
  Arguments: { Input: string | null; Output: string | null } | null;
  OrganizationUnitId: number;
  $folderId: number;
  $previousVersions: string[];
}

export interface Job extends Row {
  Id: number;
  Key: string;
  State: string;
  Source: string;
  BatchExecutionKey: string;
  Info: string | null;
  CreationTime: string;
  StartTime: string | null;
  EndTime: string | null;
  StartingScheduleId: number | null;
  ReleaseName: string;
  HostMachineName: string | null;
  ProcessType: string;
  OrganizationUnitId: number;
  $inputArguments: string | null;
  $outputArguments: string | null;
  $robotId: number | null;
  $releaseId: number;
  $folderId: number;
  /** Beyond the spec: a file the job produced (sandbox robots produce none, README). */
  OutputFile?: string | null;
  /** Simulated plan: when the robot finishes and how; `suspendAtMs` suspends it that far into its run. */
  $plan?: { runMs: number; outcome: 'Successful' | 'Faulted'; suspendAtMs?: number; fault?: FaultText };
  $stopRequested?: 'SoftStop' | 'Kill';
  /** When the robot suspended the job and when ResumeJob was asked; the time suspended is not running time. */
  $suspendedAt?: string;
  $resumedAt?: string;
  $pausedMs?: number;
}

export interface Robot extends Row {
  Id: number;
  Name: string;
  Username: string;
  Password: null;
  Description: string | null;
  Type: 'Unattended' | 'Attended' | 'NonProduction' | 'Development';
  HostingType: string;
  CredentialType: string;
  MachineName: string;
  MachineId: number;
  LicenseKey: string | null;
  Version: string | null;
  RobotEnvironments: string;
  ExecutionSettings: Record<string, unknown> | null;
  $folderIds: number[];
  /** A silent robot sends no heartbeats (its session turns unresponsive after 2 minutes). */
  $silent?: boolean;
}

export interface Session extends Row {
  Id: number;
  State: 'Available' | 'Busy' | 'Disconnected';
  ReportingTime: string;
  Info: string | null;
  IsUnresponsive: boolean;
  $robotId: number;
}

export interface QueueDefinition extends Row {
  Id: number;
  Key: string;
  Name: string;
  Description: string | null;
  MaxNumberOfRetries: number;
  AcceptAutomaticallyRetry: boolean;
  EnforceUniqueReference: boolean;
  CreationTime: string;
  OrganizationUnitId: number;
  $folderId: number;
}

export interface QueueItem extends Row {
  Id: number;
  Key: string;
  QueueDefinitionId: number;
  Status: string;
  ReviewStatus: string;
  ReviewerUserId: number | null;
  Reference: string | null;
  Priority: string;
  DeferDate: string | null;
  DueDate: string | null;
  StartProcessing: string | null;
  EndProcessing: string | null;
  SecondsInPreviousAttempts: number;
  AncestorId: number | null;
  RetryNumber: number;
  CreationTime: string;
  Progress: string | null;
  RowVersion: string;
  ProcessingExceptionType: string | null;
  ProcessingException: { Reason: string; Details: string } | null;
  Output: Record<string, unknown> | null;
  SpecificContent: Record<string, unknown>;
  $folderId: number;
}

export interface LogSegment {
  /** Logs written by a simulated job: stored rows. */
  rows?: LogRow[];
  /** A lazily generated history of `count` rows (large scale): row i is derived from the index, never stored. */
  virtual?: VirtualLog;
  JobKey: string;
  RobotName: string;
  MachineId: number;
  ProcessName: string;
  /** The package version the job ran (RawMessage `processVersion`); absent in state files written before it. */
  ProcessVersion?: string;
  WindowsIdentity: string;
  folderId: number;
}

/** A log computed from the line index (orchestrator/hugeLog.ts); `finalError` is its last but one line. */
export interface VirtualLog {
  count: number;
  firstId: number;
  startMs: number;
  stepMs: number;
  finalError?: { fileName: string; message: string };
}

export interface LogRow {
  Id: number;
  Level: string;
  TimeStamp: string;
  Message: string;
  /** The workflow that wrote the line, without `.xaml` (RawMessage `fileName`); absent means `Main`. */
  FileName?: string;
}

export interface TenantState {
  Id: number;
  Name: string;
  IsActive: boolean;
  LastLoginTime: string;
  nextId: number;
  folders: Folder[];
  packages: Package[];
  releases: Release[];
  jobs: Job[];
  robots: Robot[];
  sessions: Session[];
  machines: Row[];
  environments: Row[];
  queues: QueueDefinition[];
  queueItems: QueueItem[];
  queueItemEvents: Row[];
  queueItemComments: Row[];
  assets: Row[];
  calendars: Row[];
  webhooks: Row[];
  alerts: Row[];
  roles: Row[];
  users: Row[];
  auditLogs: Row[];
  logs: LogSegment[];
  settings: Record<string, string>;
  features: Record<string, boolean>;
  licensesRuntime: Row[];
  exportCounts: { day: string; counts: Record<string, number> };
}

export interface SandboxState {
  /** Which seed wrote it (seed.ts, SEED_VERSION); a state file from another is not loaded. */
  seedVersion?: number;
  seed: number;
  scale: 'small' | 'large';
  tenants: TenantState[];
  ideas: IdeasState;
}

export interface IdeasState {
  nextId: number;
  customisedFlow: boolean;
  ideas: Row[];
  users: Row[];
  categories: Row[];
  appInventory: Row[];
  components: Row[];
  reviews: Row[];
}

export function nextId(tenant: TenantState): number {
  return tenant.nextId++;
}
