import * as z from 'zod/mini';
import type { CallOptions, ODataBase } from './base';
import { EntitySet } from './entitySet';
import { PermissionSchema, RoleSchema, UserSchema, type User } from './schemas';
import { t } from '../l10n';

/** User accounts, their roles and the caller's permissions. */
export class UsersApi extends EntitySet<User> {
  readonly roles: EntitySet<z.infer<typeof RoleSchema>>;

  constructor(base: ODataBase) {
    super(base, 'Users', UserSchema);
    this.roles = new EntitySet(base, 'Roles', RoleSchema);
  }

  /** Overwrites the account's roles with exactly these. */
  assignRoles(userId: number, roleIds: number[], options: CallOptions = {}) {
    return this.base.post(this.base.operationOn('Users', userId, 'AssignRoles'), { roleIds }, options);
  }

  async changeCulture(userId: number, culture: string, options: CallOptions = {}) {
    this.base.check(
      'POST /odata/Users/ChangeUserCulture',
      /^[a-z]{2}(-[A-Z]{2})?$/.test(culture)
        ? undefined
        : t("'{0}' is not a language code such as en or de-DE.", culture),
    );
    return this.base.post(this.base.operationOn('Users', userId, 'ChangeUserCulture'), { culture }, options);
  }

  updatePassword(
    change: { TenancyName: string; Username: string; CurrentPassword: string; NewPassword: string },
    options: CallOptions = {},
  ) {
    return this.base.post(this.base.operation('Users', 'UpdatePassword'), change, options);
  }

  provisionRobot(
    userId: number,
    robotProvision: {
      UserName: string;
      RobotId: number;
      RobotType: string;
      ExecutionSettings?: Record<string, unknown>;
    },
    options: CallOptions = {},
  ) {
    const provision = { RobotProvision: robotProvision };
    return this.base.send('PUT', this.base.entity('Users', userId), provision, undefined, options);
  }

  /** Only the caller's granted permissions. */
  permissions(options: CallOptions = {}) {
    return this.base.getPage('/odata/Permissions', PermissionSchema, options);
  }

  directoryPermissions(userId: number, options: CallOptions = {}) {
    return this.base.get(
      '/api/DirectoryService/GetDirectoryPermissions',
      z.looseObject({ UserId: z.int(), Folders: z.array(z.unknown()), Roles: z.array(z.string()) }),
      { ...options, query: `?userId=${encodeURIComponent(String(userId))}` },
    );
  }
}
