import * as z from 'zod/mini';

// Entity schemas from the spec's field tables. Unknown fields pass through (loose objects); fields the spec marks
// null-able accept null; "some responses omit the newer fields" makes those optional.

import { datetime, nullable } from './schemaParts';

export const ArgumentsSchema = z.looseObject({ Input: nullable(z.string()), Output: nullable(z.string()) });

export const PackageSchema = z.looseObject({
  Id: z.string(),
  Key: z.string(),
  Version: z.string(),
  Title: nullable(z.string()),
  Description: nullable(z.string()),
  Authors: nullable(z.string()),
  Published: nullable(datetime),
  IsActive: z.optional(z.boolean()),
  IsLatestVersion: z.boolean(),
  OldVersion: nullable(z.string()),
  ReleaseNotes: nullable(z.string()),
  SupportsMultipleEntryPoints: z.optional(z.boolean()),
  MainEntryPointPath: nullable(z.string()),
  RequiresUserInteraction: z.optional(z.boolean()),
  TargetFramework: nullable(z.string()),
  ProjectType: nullable(z.string()),
  Tags: nullable(z.string()),
  Arguments: nullable(ArgumentsSchema),
});
export type Package = z.infer<typeof PackageSchema>;

export const LibrarySchema = z.looseObject({
  Id: z.string(),
  Key: z.string(),
  Version: z.string(),
  Title: nullable(z.string()),
  Description: nullable(z.string()),
  Published: nullable(datetime),
  IsLatestVersion: z.boolean(),
  OldVersion: nullable(z.string()),
  ReleaseNotes: nullable(z.string()),
  Authors: nullable(z.string()),
});
export type Library = z.infer<typeof LibrarySchema>;

export const ArgumentMetadataSchema = z.looseObject({ Input: nullable(z.string()), Output: nullable(z.string()) });

/** One declared input or output argument inside Arguments.Input / Output (JSON text of an array). */
export const ArgumentEntrySchema = z.looseObject({
  name: z.string().check(z.minLength(1)),
  type: z.string().check(z.minLength(1)),
  required: z.optional(z.boolean()),
  hasDefault: z.optional(z.boolean()),
});
export type ArgumentEntry = z.infer<typeof ArgumentEntrySchema>;

export const ReleaseSchema = z.looseObject({
  Id: z.int(),
  Key: z.string(),
  Name: z.string(),
  Description: nullable(z.string()),
  ProcessKey: z.string(),
  ProcessVersion: z.string(),
  IsLatestVersion: z.boolean(),
  IsProcessDeleted: z.optional(z.boolean()),
  EnvironmentId: nullable(z.int()),
  EnvironmentName: nullable(z.string()),
  InputArguments: nullable(z.string()),
  Arguments: nullable(ArgumentsSchema),
  OrganizationUnitId: nullable(z.int()),
});
export type Release = z.infer<typeof ReleaseSchema>;

export const RobotSchema = z.looseObject({
  Id: z.int(),
  Name: z.string(),
  Username: nullable(z.string()),
  Description: nullable(z.string()),
  Type: z.string(),
  HostingType: nullable(z.string()),
  CredentialType: nullable(z.string()),
  MachineName: nullable(z.string()),
  MachineId: nullable(z.int()),
  LicenseKey: nullable(z.string()),
  Version: nullable(z.string()),
  RobotEnvironments: nullable(z.string()),
  ExecutionSettings: nullable(z.record(z.string(), z.unknown())),
});
export type Robot = z.infer<typeof RobotSchema>;

export const JobSchema = z.looseObject({
  Id: z.int(),
  Key: z.string(),
  State: z.string(),
  Source: nullable(z.string()),
  BatchExecutionKey: nullable(z.string()),
  Info: nullable(z.string()),
  CreationTime: datetime,
  StartTime: nullable(datetime),
  EndTime: nullable(datetime),
  StartingScheduleId: nullable(z.int()),
  ReleaseName: nullable(z.string()),
  HostMachineName: nullable(z.string()),
  InputArguments: nullable(z.string()),
  OutputArguments: nullable(z.string()),
  Robot: nullable(RobotSchema),
});
export type Job = z.infer<typeof JobSchema>;

export const SessionSchema = z.looseObject({
  Id: z.int(),
  State: z.string(),
  ReportingTime: datetime,
  Info: nullable(z.string()),
  IsUnresponsive: z.boolean(),
  Robot: nullable(RobotSchema),
});
export type Session = z.infer<typeof SessionSchema>;

export const RobotLogSchema = z.looseObject({
  Id: z.int(),
  Level: z.string(),
  TimeStamp: datetime,
  Message: z.string(),
  RawMessage: nullable(z.string()),
  ProcessName: nullable(z.string()),
  WindowsIdentity: nullable(z.string()),
  JobKey: nullable(z.string()),
  RobotName: nullable(z.string()),
  MachineId: nullable(z.int()),
});
export type RobotLog = z.infer<typeof RobotLogSchema>;

export const QueueDefinitionSchema = z.looseObject({
  Id: z.int(),
  Key: nullable(z.string()),
  Name: z.string(),
  Description: nullable(z.string()),
  MaxNumberOfRetries: nullable(z.int()),
  AcceptAutomaticallyRetry: z.optional(z.boolean()),
  EnforceUniqueReference: z.optional(z.boolean()),
  CreationTime: nullable(datetime),
  OrganizationUnitId: nullable(z.int()),
});
export type QueueDefinition = z.infer<typeof QueueDefinitionSchema>;

const primitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const QueueItemSchema = z.looseObject({
  Id: z.int(),
  Key: z.string(),
  QueueDefinitionId: z.int(),
  Status: z.string(),
  ReviewStatus: nullable(z.string()),
  ReviewerUserId: nullable(z.int()),
  Reference: nullable(z.string()),
  Priority: nullable(z.string()),
  DeferDate: nullable(datetime),
  DueDate: nullable(datetime),
  StartProcessing: nullable(datetime),
  EndProcessing: nullable(datetime),
  SecondsInPreviousAttempts: nullable(z.number()),
  AncestorId: nullable(z.int()),
  RetryNumber: nullable(z.int()),
  CreationTime: datetime,
  Progress: nullable(z.string()),
  RowVersion: nullable(z.string()),
  ProcessingExceptionType: nullable(z.string()),
  ProcessingException: nullable(z.looseObject({ Reason: nullable(z.string()), Details: nullable(z.string()) })),
  Output: nullable(z.record(z.string(), z.unknown())),
  OutputData: nullable(z.string()),
  SpecificData: nullable(z.string()),
  SpecificContent: nullable(z.record(z.string(), primitive)),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

export const QueueItemEventSchema = z.looseObject({
  Id: z.int(),
  QueueItemId: z.int(),
  Action: nullable(z.string()),
  Status: nullable(z.string()),
  Timestamp: nullable(datetime),
  UserName: nullable(z.string()),
});
export type QueueItemEvent = z.infer<typeof QueueItemEventSchema>;

export const QueueItemCommentSchema = z.looseObject({
  Id: z.int(),
  QueueItemId: z.int(),
  Text: z.string(),
  CreationTime: nullable(datetime),
  UserId: nullable(z.int()),
  UserName: nullable(z.string()),
});
export type QueueItemComment = z.infer<typeof QueueItemCommentSchema>;

export const BulkAddResponseSchema = z.looseObject({
  Success: z.boolean(),
  Message: nullable(z.string()),
  FailedItems: z.array(z.looseObject({ Ordinal: z.int(), ErrorCode: z.string(), ErrorMessage: nullable(z.string()) })),
});
export type BulkAddResponse = z.infer<typeof BulkAddResponseSchema>;

/** The value fields every shape of an asset shares: the asset, one robot's value, the robot-asset answer. */
const assetValueFields = {
  StringValue: nullable(z.string()),
  BoolValue: nullable(z.boolean()),
  IntValue: nullable(z.number()),
  CredentialUsername: nullable(z.string()),
};

/** One robot's value of a per-robot asset, as `$expand=RobotValues` returns it (a credential: its user name only). */
export const AssetRobotValueSchema = z.looseObject({
  RobotId: z.int(),
  RobotName: nullable(z.string()),
  ValueType: nullable(z.string()),
  ...assetValueFields,
});
export type AssetRobotValue = z.infer<typeof AssetRobotValueSchema>;
/** QueueItems DeleteBulk's answer (the published API's BulkOperationResponseDto of Int64): the ids not deleted. */
export const DeleteBulkResponseSchema = z.looseObject({
  Success: z.boolean(),
  Message: z.optional(nullable(z.string())),
  FailedItems: z.optional(nullable(z.array(z.int()))),
});
export type DeleteBulkResponse = z.infer<typeof DeleteBulkResponseSchema>;

export const AssetSchema = z.looseObject({
  Id: z.int(),
  Name: z.string(),
  CanBeDeleted: z.optional(z.boolean()),
  ValueScope: nullable(z.string()),
  ValueType: z.string(),
  Value: nullable(z.string()),
  ...assetValueFields,
  KeyValueList: nullable(z.array(z.unknown())),
  RobotValues: nullable(z.array(AssetRobotValueSchema)),
});
export type Asset = z.infer<typeof AssetSchema>;

export const RobotAssetSchema = z.looseObject({ Name: z.string(), ValueType: z.string(), ...assetValueFields });
export type RobotAsset = z.infer<typeof RobotAssetSchema>;

export const EnvironmentSchema = z.looseObject({
  Id: z.int(),
  Name: z.string(),
  Description: nullable(z.string()),
  Type: nullable(z.string()),
});
export type Environment = z.infer<typeof EnvironmentSchema>;

export const FolderSchema = z.looseObject({
  Id: z.int(),
  Key: nullable(z.string()),
  DisplayName: z.string(),
  FullyQualifiedName: z.string(),
  Description: nullable(z.string()),
  FolderType: nullable(z.string()),
  ProvisionType: nullable(z.string()),
  ParentId: nullable(z.int()),
});
export type Folder = z.infer<typeof FolderSchema>;

const FolderSummarySchema = z.looseObject({
  Id: z.int(),
  Key: nullable(z.string()),
  DisplayName: z.string(),
  FullyQualifiedName: nullable(z.string()),
  IsSelectable: z.optional(z.boolean()),
  IsPersonal: z.optional(z.boolean()),
  ChildrenCount: nullable(z.int()),
});

export const FolderNavigationSchema = z.looseObject({
  Id: nullable(z.int()),
  DisplayName: nullable(z.string()),
  IsSelectable: z.boolean(),
  IsPersonal: z.boolean(),
  ProvisionType: nullable(z.string()),
  Ancestors: z.array(FolderSummarySchema),
  ChildrenPage: z.array(FolderSummarySchema),
  ChildrenCount: z.int(),
});
export type FolderNavigation = z.infer<typeof FolderNavigationSchema>;

// Users, roles, the tenant, licenses, alerts, webhooks and settings: tenantSchemas.ts (the same rules).
export * from './tenantSchemas';
