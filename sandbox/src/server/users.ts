/**
 * The sandbox's people. Permissions follow the spec's permission table; the identity provider issues tokens for
 * these users and the orchestration service checks them.
 */
const RESOURCES = [
  'Alerts',
  'Assets',
  'Audit',
  'Environments',
  'ExecutionMedia',
  'Folders',
  'Subfolders',
  'Jobs',
  'Libraries',
  'License',
  'Logs',
  'Machines',
  'Packages',
  'Processes',
  'Queues',
  'Robots',
  'Roles',
  'Schedules',
  'Settings',
  'Transactions',
  'Users',
  'Webhooks',
  'Calendars',
  'Tenants',
] as const;
const ACTIONS = ['View', 'Create', 'Edit', 'Delete'] as const;

export const ALL_PERMISSIONS: readonly string[] = RESOURCES.flatMap((resource) =>
  ACTIONS.map((action) => `${resource}.${action}`),
);
const VIEW_PERMISSIONS = ALL_PERMISSIONS.filter((p) => p.endsWith('.View'));

export interface SandboxUser {
  id: number;
  userName: string;
  name: string;
  surname: string;
  email: string;
  permissions: ReadonlySet<string>;
  hostAdmin: boolean;
  /** Outsiders are tenant users with no folder assignment at all. */
  folderAccess: boolean;
  roleName: string;
}

export const USERS: readonly SandboxUser[] = [
  {
    id: 1,
    userName: 'admin',
    name: 'Ada',
    surname: 'Admin',
    email: 'admin@sandbox.test',
    roleName: 'Administrator',
    permissions: new Set(ALL_PERMISSIONS),
    hostAdmin: true,
    folderAccess: true,
  },
  {
    id: 2,
    userName: 'developer',
    name: 'Dev',
    surname: 'Eloper',
    email: 'developer@sandbox.test',
    roleName: 'Automation Developer',
    permissions: new Set([
      ...VIEW_PERMISSIONS,
      'Jobs.Create',
      'Jobs.Edit',
      'Packages.Create',
      'Packages.Edit',
      'Processes.Create',
      'Processes.Edit',
      'Transactions.Create',
      'Transactions.Edit',
      'Logs.Create',
      'Assets.Edit',
    ]),
    hostAdmin: false,
    folderAccess: true,
  },
  {
    id: 3,
    userName: 'viewer',
    name: 'Vi',
    surname: 'Ewer',
    email: 'viewer@sandbox.test',
    roleName: 'Viewer',
    permissions: new Set(VIEW_PERMISSIONS),
    hostAdmin: false,
    folderAccess: true,
  },
  {
    id: 4,
    userName: 'outsider',
    name: 'Out',
    surname: 'Sider',
    email: 'outsider@sandbox.test',
    roleName: 'No access',
    permissions: new Set<string>(),
    hostAdmin: false,
    folderAccess: false,
  },
];

export function findUser(userName: string): SandboxUser | undefined {
  return USERS.find((user) => user.userName === userName);
}

/** Who the sandbox's confidential application acts as: a developer who cannot sign in (README, Applications). */
export const ROBOT_APP_PRINCIPAL: SandboxUser = {
  ...USERS[1]!,
  id: 5,
  userName: 'sandbox-robot-app',
  name: 'Sandbox',
  surname: 'Robot App',
  email: 'sandbox-robot-app@sandbox.test',
  roleName: 'Automation Developer',
};

/** A user or the application an access token was issued to. */
export function findPrincipal(name: string): SandboxUser | undefined {
  return findUser(name) ?? (name === ROBOT_APP_PRINCIPAL.userName ? ROBOT_APP_PRINCIPAL : undefined);
}

export function userById(id: number): SandboxUser | undefined {
  return USERS.find((user) => user.id === id);
}
