import * as z from 'zod/mini';
import { datetime, nullable } from './schemaParts';

// Entity schemas of users, roles, the tenant, licenses, alerts, webhooks and settings, from the spec's field tables
// (same rules as schemas.ts: loose objects, null-able fields accept null).

export const FolderUserSchema = z.looseObject({
  Id: z.int(),
  UserEntity: z.looseObject({ UserName: z.string(), IsInherited: z.optional(z.boolean()), Id: z.int() }),
  Roles: z.array(z.looseObject({ Name: z.string(), Origin: nullable(z.string()), Id: z.int() })),
});
export type FolderUser = z.infer<typeof FolderUserSchema>;

export const UserSchema = z.looseObject({
  Id: z.int(),
  UserName: z.string(),
  Name: nullable(z.string()),
  Surname: nullable(z.string()),
  EmailAddress: nullable(z.string()),
  Type: nullable(z.string()),
  RolesList: nullable(z.array(z.string())),
});
export type User = z.infer<typeof UserSchema>;

export const RoleSchema = z.looseObject({
  Id: z.int(),
  Name: z.string(),
  DisplayName: nullable(z.string()),
  IsStatic: z.optional(z.boolean()),
  IsEditable: z.optional(z.boolean()),
});
export type Role = z.infer<typeof RoleSchema>;

export const PermissionSchema = z.looseObject({
  Name: z.string(),
  IsGranted: z.boolean(),
  RoleId: nullable(z.int()),
});
export type Permission = z.infer<typeof PermissionSchema>;

const RobotCountsSchema = z.looseObject({
  Unattended: z.number(),
  Attended: z.number(),
  NonProduction: z.number(),
  Development: z.number(),
});

export const TenantSchema = z.looseObject({
  Id: z.int(),
  Name: z.string(),
  LastLoginTime: nullable(datetime),
  IsActive: z.boolean(),
  License: nullable(
    z.looseObject({
      HostLicenseId: nullable(z.number()),
      CreationTime: nullable(datetime),
      Code: nullable(z.string()),
      Id: nullable(z.number()),
      Allowed: nullable(RobotCountsSchema),
    }),
  ),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const LicenseReportSchema = z.looseObject({
  ExpireDate: nullable(z.number()),
  IsRegistered: z.boolean(),
  Concurrent: z.optional(z.boolean()),
  IsExpired: z.boolean(),
  AllowedRobots: RobotCountsSchema,
  DefinedRobots: RobotCountsSchema,
  ConcurrentRobots: nullable(RobotCountsSchema),
});
export type LicenseReport = z.infer<typeof LicenseReportSchema>;

export const NamedUserLicenseSchema = z.looseObject({
  UserName: z.string(),
  Key: nullable(z.string()),
  LastLoginDate: nullable(datetime),
  MachinesCount: nullable(z.number()),
  IsLicensed: z.boolean(),
  MachineNames: nullable(z.array(z.string())),
  ActiveMachineNames: nullable(z.array(z.string())),
});
export const RuntimeLicenseSchema = z.looseObject({
  Key: z.string(),
  MachineName: nullable(z.string()),
  RobotType: nullable(z.string()),
  Enabled: z.boolean(),
});

export const AlertSchema = z.looseObject({
  Id: z.string(),
  UserNotificationId: z.string(),
  NotificationName: z.string(),
  Component: nullable(z.string()),
  Severity: z.string(),
  State: z.string(),
  CreationTime: datetime,
  Data: nullable(z.string()),
});
export type Alert = z.infer<typeof AlertSchema>;

export const CalendarSchema = z.looseObject({
  Id: z.int(),
  Name: z.string(),
  TimeZoneId: nullable(z.string()),
  ExcludedDates: z.optional(z.array(datetime)),
});
export type Calendar = z.infer<typeof CalendarSchema>;

export const WebhookSchema = z.looseObject({
  Id: z.int(),
  Url: z.string(),
  Enabled: z.boolean(),
  SubscribeToAllEvents: z.optional(z.boolean()),
  AllowInsecureSsl: z.optional(z.boolean()),
  Events: nullable(z.array(z.looseObject({ EventType: z.string() }))),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const EventTypeSchema = z.looseObject({ Name: z.string(), Group: z.string() });
export const PingEventSchema = z.looseObject({
  Type: z.literal('ping'),
  EventId: z.string(),
  Timestamp: datetime,
  TenantId: z.number(),
  OrganizationUnitId: nullable(z.number()),
  UserId: z.number(),
});

export const ExecutionSettingsSchema = z.looseObject({
  Scope: z.string(),
  Configuration: z.array(
    z.looseObject({
      Key: z.string(),
      DisplayName: nullable(z.string()),
      ValueType: z.string(),
      DefaultValue: nullable(z.string()),
      PossibleValues: nullable(z.array(z.string())),
    }),
  ),
});

export const ServicesSettingsSchema = z.looseObject({ Keys: z.array(z.string()), Values: z.array(z.string()) });
export const CountSchema = z.looseObject({ value: z.int() });
export const ExportSchema = z.looseObject({ Id: z.int(), Status: z.string() });
