import { createRandom, type Random } from '../server/clock';
import { USERS } from '../server/users';
import { seedIdeas } from '../ideas/seed';
import { adaptSamplePackage, seedFolder, seedHistory } from './seedHistory';
import type { Folder, Package, QueueItem, Release, Robot, SandboxState, TenantState } from './state';

/** Argument types used by seed packages: every kind the Start Job form must handle. */
const ARGUMENT_TYPES = [
  'System.String',
  'System.Int32',
  'System.Boolean',
  'System.DateTime',
  'System.String[]',
  'System.Double',
  'System.Int64',
  'System.Collections.Generic.Dictionary`2[System.String,System.Object]',
];
const ARGUMENT_NAMES = [
  'InvoiceFolder',
  'MaxItems',
  'DryRun',
  'CutOffDate',
  'Recipients',
  'Threshold',
  'BatchSize',
  'Options',
  'Region',
  'RetryCount',
];
const PACKAGE_WORDS = [
  'Invoice',
  'Payroll',
  'Onboarding',
  'Claims',
  'Orders',
  'Reconcile',
  'Vendor',
  'Reports',
  'Email',
  'Ledger',
  'Audit',
  'Shipping',
  'Tickets',
  'Refunds',
  'Contracts',
];
const PACKAGE_SUFFIXES = ['Processing', 'Dispatcher', 'Performer', 'Sync', 'Export', 'Checker'];

const DAY = 86_400_000;

export interface SeedOptions {
  seed: number;
  scale: 'small' | 'large';
  now: number;
}

/** Raised when the seed gains what an older state file lacks (2: the run history and the 1,000,000-line log). */
export const SEED_VERSION = 2;

export function createSeedState(options: SeedOptions): SandboxState {
  return {
    seedVersion: SEED_VERSION,
    seed: options.seed,
    scale: options.scale,
    tenants: [
      seedTenant(1, 'main', options),
      seedTenant(2, 'staging', { ...options, seed: options.seed + 1, scale: 'small' }),
    ],
    ideas: seedIdeas(createRandom(options.seed + 7), options.now),
  };
}

function argumentsFor(random: Random, count: number): { Input: string; Output: string } {
  const names = [...ARGUMENT_NAMES].sort(() => random.next() - 0.5).slice(0, count);
  const input = names.map((name, i) => ({
    name: `in_${name}`,
    type: ARGUMENT_TYPES[i % ARGUMENT_TYPES.length]!,
    required: i % 3 === 0,
    hasDefault: i % 3 === 1,
  }));
  const output = [
    { name: 'out_Result', type: 'System.String' },
    { name: 'out_Processed', type: 'System.Int32' },
  ];
  return { Input: JSON.stringify(input), Output: JSON.stringify(output) };
}

function seedTenant(id: number, name: string, options: SeedOptions): TenantState {
  const random = createRandom(options.seed);
  const large = options.scale === 'large';
  const now = options.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const tenant: TenantState = {
    Id: id,
    Name: name,
    IsActive: true,
    LastLoginTime: iso(now - DAY),
    nextId: 1000,
    folders: [],
    packages: [],
    releases: [],
    jobs: [],
    robots: [],
    sessions: [],
    machines: [],
    environments: [],
    queues: [],
    queueItems: [],
    queueItemEvents: [],
    queueItemComments: [],
    assets: [],
    calendars: [],
    webhooks: [],
    alerts: [],
    roles: [],
    users: [],
    auditLogs: [],
    logs: [],
    settings: {},
    features: { 'Monitoring.Enabled': true },
    licensesRuntime: [],
    exportCounts: { day: iso(now).slice(0, 10), counts: {} },
  };
  const newId = () => tenant.nextId++;

  // Folders: a small named tree (with a non-ASCII name and an admin-only folder), personal workspaces, and at
  // large scale enough generated folders to reach 1,000.
  const addFolder = (displayName: string, parent: Folder | null, extra: Partial<Folder> = {}): Folder =>
    seedFolder(tenant, random, displayName, parent, extra);
  const shared = addFolder('Shared', null, { Description: 'Default folder' });
  const finance = addFolder('Finance', shared);
  const invoices = addFolder('Invoices', finance);
  const hr = addFolder('HR', shared);
  addFolder('Restricted', shared, { Description: 'Administrators only', $restrictedTo: [1] });
  const unicode = addFolder('Ünïcode Ørders — 東京', null, {
    Description: 'A folder whose path needs the encoded header',
  });
  const devLab = addFolder('Dev Lab', null);
  for (const user of USERS.filter((u) => u.folderAccess)) {
    addFolder(`${user.name} ${user.surname}'s workspace`, null, {
      FolderType: 'Personal',
      ProvisionType: 'Automatic',
      $ownerUserId: user.id,
      $restrictedTo: [user.id],
    });
  }
  const workFolders = [shared, finance, invoices, hr, unicode, devLab];
  if (large) {
    const parents = [shared, finance, hr, devLab];
    for (let i = 0; tenant.folders.length < 1000; i++) {
      const parent =
        i < 40
          ? random.pick(parents)
          : random.pick(tenant.folders.filter((f) => f.FolderType === 'Standard' && !f.$restrictedTo).slice(-60));
      addFolder(`Department ${String(i + 1).padStart(4, '0')}`, parent);
    }
  }

  // Machines, environments and robots.
  for (let m = 1; m <= 4; m++)
    tenant.machines.push({
      Id: newId(),
      Name: `RPA-VM-${m}`,
      Type: 'Standard',
      LicenseKey: random.uuid(),
      $enabled: true,
    });
  for (const folder of workFolders) {
    for (const envName of ['Production', 'Test']) {
      tenant.environments.push({
        Id: newId(),
        Name: `${envName}`,
        Description: `${envName} robots of ${folder.DisplayName}`,
        Type: envName === 'Production' ? 'Prod' : 'Test',
        $folderId: folder.Id,
        $robotIds: [] as number[],
      });
    }
  }
  const robotTypes: Robot['Type'][] = ['Unattended', 'Unattended', 'Attended', 'NonProduction', 'Development'];
  for (let r = 1; r <= 8; r++) {
    const machine = tenant.machines[(r - 1) % tenant.machines.length]!;
    const folderIds = workFolders.filter((_, i) => (i + r) % 2 === 0 || i === 0).map((f) => f.Id);
    const robot: Robot = {
      Id: newId(),
      Name: `Robot-${String(r).padStart(2, '0')}`,
      Username: `corp\\robot${r}`,
      Password: null,
      Description: r === 8 ? 'Silent robot (no heartbeats) for unresponsive tests' : null,
      Type: robotTypes[r % robotTypes.length]!,
      HostingType: r % 3 === 0 ? 'Floating' : 'Standard',
      CredentialType: 'Default',
      MachineName: String(machine.Name),
      MachineId: Number(machine.Id),
      LicenseKey: r % 4 === 0 ? null : random.uuid(),
      Version: '24.10.1',
      RobotEnvironments: '',
      ExecutionSettings: { TracingLevel: 'Information', LoginToConsole: false },
      $folderIds: folderIds,
      ...(r === 8 ? { $silent: true } : {}),
    };
    tenant.robots.push(robot);
    const environments = tenant.environments.filter(
      (e) => folderIds.includes(Number(e.$folderId)) && (e.Type === 'Prod' || r % 2 === 0),
    );
    for (const env of environments) (env.$robotIds as number[]).push(robot.Id);
    robot.RobotEnvironments = [...new Set(environments.map((e) => String(e.Name)))].join(',');
    tenant.sessions.push({
      Id: newId(),
      State: r === 7 ? 'Disconnected' : 'Available',
      ReportingTime: iso(now),
      Info: null,
      IsUnresponsive: false,
      $robotId: robot.Id,
    });
  }

  // Packages (processes) with versions and typed arguments; some arrived through the API or the feed.
  const packageCount = large ? 10_000 : 30;
  for (let p = 0; p < packageCount; p++) {
    const packageId =
      p < PACKAGE_WORDS.length * PACKAGE_SUFFIXES.length
        ? `${PACKAGE_WORDS[p % PACKAGE_WORDS.length]}.${PACKAGE_SUFFIXES[Math.floor(p / PACKAGE_WORDS.length) % PACKAGE_SUFFIXES.length]}`
        : `Generated.Package${String(p).padStart(5, '0')}`;
    const versions = large ? 1 + (p % 2) : 1 + (p % 4);
    const uploadedVia: Package['$uploadedVia'] = p % 5 === 3 ? 'api' : p % 5 === 4 ? 'feed' : 'studio';
    const args = argumentsFor(random, 2 + (p % 6));
    for (let v = 1; v <= versions; v++) {
      const version = `1.${v - 1}.${p % 7}`;
      tenant.packages.push({
        Id: packageId,
        Key: `${packageId}:${version}`,
        Version: version,
        Title: packageId.replace('.', ' '),
        Description: `${packageId} automation`,
        Authors: random.pick(['Ada Admin', 'Dev Eloper', 'Automation CoE']),
        Published: iso(now - (versions - v + 1) * 7 * DAY - p * 60_000),
        IsActive: v === versions && p % 3 === 0,
        IsLatestVersion: v === versions,
        OldVersion: v > 1 ? `1.${v - 2}.${p % 7}` : null,
        ReleaseNotes: v > 1 ? `Changes in ${version}` : null,
        SupportsMultipleEntryPoints: p % 6 === 0,
        MainEntryPointPath: 'Main.xaml',
        RequiresUserInteraction: p % 8 === 0,
        TargetFramework: p % 4 === 0 ? 'Legacy' : 'Portable',
        ProjectType: p % 9 === 0 ? 'Library' : 'Process',
        Tags: p % 2 ? 'finance' : null,
        Arguments: args,
        $uploadedVia: uploadedVia,
      });
    }
  }
  for (let l = 0; l < 5; l++) {
    for (let v = 1; v <= 2; v++) {
      const libId = `Common.Library${l + 1}`;
      const version = `2.${v}.0`;
      tenant.packages.push({
        Id: libId,
        Key: `${libId}:${version}`,
        Version: version,
        Title: `Common library ${l + 1}`,
        Description: 'Shared activities',
        Authors: l % 2 ? 'Automation CoE' : 'Dev Eloper',
        Published: iso(now - (3 - v) * DAY),
        IsActive: false,
        IsLatestVersion: v === 2,
        OldVersion: v === 2 ? '2.1.0' : null,
        ReleaseNotes: null,
        SupportsMultipleEntryPoints: false,
        MainEntryPointPath: null,
        RequiresUserInteraction: false,
        TargetFramework: 'Portable',
        ProjectType: 'Library',
        Tags: null,
        Arguments: null,
        $uploadedVia: 'feed',
        $isLibrary: true,
      });
    }
  }

  // Releases: latest processes deployed into the work folders.
  const latest = tenant.packages.filter((p) => p.IsLatestVersion && !p.$isLibrary);
  const releaseCount = Math.min(latest.length, large ? 200 : 14);
  for (let r = 0; r < releaseCount; r++) {
    const pkg = latest[r]!;
    const folder = workFolders[r % workFolders.length]!;
    const env = tenant.environments.find((e) => e.$folderId === folder.Id && e.Type === 'Prod')!;
    const inputDefaults = Object.fromEntries(
      JSON.parse(pkg.Arguments!.Input!)
        .filter((a: { hasDefault: boolean }) => a.hasDefault)
        .map((a: { name: string; type: string }) => [a.name, sampleValue(a.type)]),
    );
    const input = JSON.stringify(inputDefaults);
    const release: Release = {
      Id: newId(),
      Key: random.uuid(),
      Name: `${pkg.Id}_${env.Name}`,
      Description: r % 2 ? null : `Runs ${pkg.Id}`,
      ProcessKey: pkg.Id,
      ProcessVersion: pkg.Version,
      IsLatestVersion: true,
      IsProcessDeleted: false,
      EnvironmentId: Number(env.Id),
      EnvironmentName: String(env.Name),
      InputArguments: input,
      Arguments: { Input: input, Output: null },
      OrganizationUnitId: folder.Id,
      $folderId: folder.Id,
      $previousVersions: [],
    };
    const versions = tenant.packages.filter((p) => p.Id === pkg.Id);
    if (versions.length > 1) {
      release.$previousVersions = [versions[versions.length - 2]!.Version];
    }
    tenant.releases.push(release);
  }

  adaptSamplePackage(tenant, now);

  // Finished jobs with logs, most recent last.
  const levels = ['Trace', 'Information', 'Information', 'Information', 'Warning', 'Error'];
  const jobCount = large ? 2_000 : 40;
  for (let j = 0; j < jobCount; j++) {
    const release = tenant.releases[j % tenant.releases.length]!;
    const robot = tenant.robots[j % 6]!;
    const created = now - (jobCount - j) * 45 * 60_000;
    const state = j % 7 === 3 ? 'Faulted' : j % 11 === 5 ? 'Stopped' : 'Successful';
    const key = random.uuid();
    tenant.jobs.push({
      Id: newId(),
      Key: key,
      State: state,
      Source: j % 4 === 0 ? 'Schedule' : 'Manual',
      BatchExecutionKey: random.uuid(),
      Info: state === 'Faulted' ? 'System.Exception: Invoice portal did not respond' : `Job completed (${state})`,
      CreationTime: iso(created),
      StartTime: iso(created + 5_000),
      EndTime: iso(created + 125_000),
      StartingScheduleId: j % 4 === 0 ? 1 : null,
      ReleaseName: release.Name,
      HostMachineName: robot.MachineName,
      ProcessType: 'Process',
      OrganizationUnitId: release.$folderId,
      $inputArguments: release.InputArguments,
      $outputArguments: state === 'Successful' ? JSON.stringify({ out_Result: 'OK', out_Processed: j }) : null,
      $robotId: robot.Id,
      $releaseId: release.Id,
      $folderId: release.$folderId,
    });
    if (j >= jobCount - 40) {
      const rows = Array.from({ length: 20 }, (_, i) => {
        const row = {
          Id: newId(),
          Level: i === 0 || i === 19 ? 'Information' : random.pick(levels),
          TimeStamp: iso(created + 5_000 + i * 6_000),
          Message:
            i === 0
              ? `${release.Name} execution started`
              : i === 19
                ? `${release.Name} execution ended`
                : `Step ${i}: processed record ${random.int(1, 9999)}`,
        };
        // Error lines name the activity that wrote them, as the fault contract says (README, Faulted jobs).
        if (row.Level === 'Error')
          row.Message = `Log Message: ${row.Message.replace(/^Step \d+: processed/, 'could not process')}`;
        return row;
      });
      tenant.logs.push({
        rows,
        JobKey: key,
        RobotName: robot.Name,
        MachineId: robot.MachineId,
        ProcessName: release.Name,
        WindowsIdentity: robot.Username,
        folderId: release.$folderId,
      });
    }
  }
  if (large) {
    // One long history of 1,000,000 log lines, generated on demand from the row index (as the sample's long run,
    // seedHistory.ts, at every scale).
    const robot = tenant.robots[0]!;
    const release = tenant.releases[0]!;
    const key = random.uuid();
    const start = now - 30 * DAY;
    tenant.jobs.push({
      Id: newId(),
      Key: key,
      State: 'Successful',
      Source: 'Manual',
      BatchExecutionKey: random.uuid(),
      Info: 'Long history job',
      CreationTime: iso(start),
      StartTime: iso(start),
      EndTime: iso(start + 1_000_000 * 1000),
      StartingScheduleId: null,
      ReleaseName: release.Name,
      HostMachineName: robot.MachineName,
      ProcessType: 'Process',
      OrganizationUnitId: release.$folderId,
      $inputArguments: '{}',
      $outputArguments: '{}',
      $robotId: robot.Id,
      $releaseId: release.Id,
      $folderId: release.$folderId,
    });
    tenant.logs.push({
      virtual: { count: 1_000_000, firstId: 10_000_000, startMs: start, stepMs: 1000 },
      JobKey: key,
      RobotName: robot.Name,
      MachineId: robot.MachineId,
      ProcessName: release.Name,
      WindowsIdentity: robot.Username,
      folderId: release.$folderId,
    });
  }

  const statuses = [
    'New',
    'New',
    'InProgress',
    'Failed',
    'Successful',
    'Successful',
    'Abandoned',
    'Retried',
    'Deleted',
  ];
  const queueSpecs = [
    { name: 'InvoicesToProcess', folder: invoices, unique: true, items: large ? 100_000 : 120 },
    { name: 'NewHires', folder: hr, unique: false, items: 40 },
    { name: 'OrderQueue', folder: shared, unique: false, items: 60 },
    { name: 'Refunds', folder: finance, unique: true, items: 25 },
    { name: 'Bestellungen', folder: unicode, unique: false, items: 10 },
    { name: 'EmptyQueue', folder: devLab, unique: false, items: 0 },
  ];
  for (const spec of queueSpecs) {
    const queue = {
      Id: newId(),
      Key: random.uuid(),
      Name: spec.name,
      Description: `${spec.name} work items`,
      MaxNumberOfRetries: 2,
      AcceptAutomaticallyRetry: true,
      EnforceUniqueReference: spec.unique,
      CreationTime: iso(now - 90 * DAY),
      OrganizationUnitId: spec.folder.Id,
      $folderId: spec.folder.Id,
    };
    tenant.queues.push(queue);
    for (let i = 0; i < spec.items; i++) {
      const status = statuses[i % statuses.length]!;
      const created = now - (spec.items - i) * 60_000;
      const item: QueueItem = {
        Id: newId(),
        Key: random.uuid(),
        QueueDefinitionId: queue.Id,
        Status: status,
        ReviewStatus: status === 'Failed' ? 'None' : 'None',
        ReviewerUserId: null,
        Reference: spec.unique || i % 2 === 0 ? `${spec.name}-${String(i).padStart(6, '0')}` : null,
        Priority: ['High', 'Normal', 'Low'][i % 3]!,
        DeferDate: null,
        DueDate: i % 5 === 0 ? iso(created + 2 * DAY) : null,
        StartProcessing: status === 'New' ? null : iso(created + 10_000),
        EndProcessing: ['Successful', 'Failed'].includes(status) ? iso(created + 40_000) : null,
        SecondsInPreviousAttempts: status === 'Retried' ? 30 : 0,
        AncestorId: null,
        RetryNumber: status === 'Retried' ? 1 : 0,
        CreationTime: iso(created),
        Progress: status === 'InProgress' ? 'Step 2 of 4' : null,
        RowVersion: Buffer.from(String(i)).toString('base64'),
        ProcessingExceptionType: status === 'Failed' ? (i % 2 ? 'BusinessException' : 'ApplicationException') : null,
        ProcessingException:
          status === 'Failed'
            ? { Reason: 'Amount does not match purchase order', Details: 'at Invoice.Validate()' }
            : null,
        Output: status === 'Successful' ? { Posted: true } : null,
        SpecificContent: {
          InvoiceNumber: `INV-${100000 + i}`,
          Amount: Math.round(random.next() * 100000) / 100,
          Vendor: random.pick(['ACME', "O'Brien & Sons", 'Globex', 'Müller GmbH']),
        },
        $folderId: spec.folder.Id,
      };
      tenant.queueItems.push(item);
      if (!large || i < 200) {
        tenant.queueItemEvents.push({
          Id: newId(),
          QueueItemId: item.Id,
          Action: 'Create',
          Status: 'New',
          ReviewStatus: 'None',
          Timestamp: item.CreationTime,
          UserName: 'developer',
          $folderId: spec.folder.Id,
        });
        if (status !== 'New')
          tenant.queueItemEvents.push({
            Id: newId(),
            QueueItemId: item.Id,
            Action: 'StatusChange',
            Status: status,
            ReviewStatus: 'None',
            Timestamp: item.StartProcessing,
            UserName: 'Robot-01',
            $folderId: spec.folder.Id,
          });
      }
    }
  }

  // Assets (credential passwords are never returned), calendars, webhooks, alerts, roles, users, licenses.
  for (const folder of [shared, finance]) {
    tenant.assets.push(
      {
        Id: newId(),
        Name: 'PortalUrl',
        CanBeDeleted: true,
        ValueScope: 'Global',
        ValueType: 'Text',
        Value: 'https://portal.example.test',
        StringValue: 'https://portal.example.test',
        BoolValue: false,
        IntValue: 0,
        CredentialUsername: null,
        CredentialPassword: null,
        KeyValueList: [],
        $folderId: folder.Id,
      },
      {
        Id: newId(),
        Name: 'PortalLogin',
        CanBeDeleted: true,
        ValueScope: 'Global',
        ValueType: 'Credential',
        Value: 'username: svc-portal',
        StringValue: null,
        BoolValue: false,
        IntValue: 0,
        CredentialUsername: 'svc-portal',
        CredentialPassword: null,
        $secret: 'S3cret!-not-for-display',
        KeyValueList: [],
        $folderId: folder.Id,
      },
      {
        Id: newId(),
        Name: 'MaxRetries',
        CanBeDeleted: true,
        ValueScope: 'Global',
        ValueType: 'Integer',
        Value: '3',
        StringValue: null,
        BoolValue: false,
        IntValue: 3,
        CredentialUsername: null,
        CredentialPassword: null,
        KeyValueList: [],
        $folderId: folder.Id,
      },
      {
        Id: newId(),
        Name: 'FeatureEnabled',
        CanBeDeleted: true,
        ValueScope: 'Global',
        ValueType: 'Bool',
        Value: 'True',
        StringValue: null,
        BoolValue: true,
        IntValue: 0,
        CredentialUsername: null,
        CredentialPassword: null,
        KeyValueList: [],
        $folderId: folder.Id,
      },
    );
  }
  tenant.calendars.push(
    {
      Id: newId(),
      Name: 'Bank Holidays',
      TimeZoneId: 'UTC',
      ExcludedDates: ['2026-12-25T00:00:00Z', '2026-12-26T00:00:00Z'],
    },
    { Id: newId(), Name: 'Month End Freeze', TimeZoneId: 'UTC', ExcludedDates: [] },
  );
  tenant.webhooks.push(
    {
      Id: newId(),
      Url: 'https://hooks.example.test/jobs',
      Enabled: true,
      Secret: '',
      SubscribeToAllEvents: false,
      AllowInsecureSsl: false,
      Events: [{ EventType: 'job.completed' }, { EventType: 'job.faulted' }],
    },
    {
      Id: newId(),
      Url: 'https://hooks.example.test/all',
      Enabled: false,
      Secret: '',
      SubscribeToAllEvents: true,
      AllowInsecureSsl: false,
      Events: [],
    },
  );
  for (let a = 0; a < 6; a++) {
    const robot = tenant.robots[a % tenant.robots.length]!;
    tenant.alerts.push({
      Id: random.uuid(),
      UserNotificationId: random.uuid(),
      NotificationName: a % 2 ? 'Robot.StatusChanged.Offline' : 'Job.Faulted',
      Component: a % 2 ? 'Robots' : 'Jobs',
      Severity: a % 2 ? 'Fatal' : 'Error',
      State: a < 4 ? 'Unread' : 'Read',
      CreationTime: iso(now - a * 3_600_000),
      Data: JSON.stringify({
        RobotId: robot.Id,
        RobotName: robot.Name,
        State: 'Offline',
        IsUnresponsive: true,
        HostMachineName: robot.MachineName,
      }),
    });
  }
  for (const user of USERS) {
    tenant.roles.push({
      Id: 100 + user.id,
      Name: user.roleName.replace(/\s/g, ''),
      DisplayName: user.roleName,
      Groups: null,
      IsStatic: user.id === 1,
      IsEditable: user.id !== 1,
      $permissions: [...user.permissions],
    });
    tenant.users.push({
      Id: user.id,
      UserName: user.userName,
      Name: user.name,
      Surname: user.surname,
      EmailAddress: user.email,
      Type: 'User',
      Domain: null,
      IsActive: true,
      RolesList: [user.roleName.replace(/\s/g, '')],
      CultureCode: 'en',
      $roleIds: [100 + user.id],
    });
  }
  tenant.licensesRuntime = tenant.machines.map((m) => ({
    Key: m.LicenseKey,
    MachineName: m.Name,
    RobotType: 'Unattended',
    Enabled: true,
    Runtimes: 2,
    RobotsCount: 2,
    ExecutingCount: 0,
    IsOnline: true,
  }));
  tenant.settings = { 'AttendedRobot.RunDisconnectedHours': '168', 'Abp.Timing.TimeZone': 'UTC' };
  tenant.auditLogs.push({
    Id: newId(),
    ServiceName: 'Jobs',
    MethodName: 'StartJobs',
    Action: 'Create',
    Component: 'Jobs',
    UserName: 'developer',
    ExecutionTime: iso(now - DAY),
  });
  seedHistory(tenant, createRandom(options.seed + 31), now);
  return tenant;
}

/** A plausible default value for a .NET argument type (used by seed releases and the simulator's outputs). */
export function sampleValue(type: string): unknown {
  if (type.endsWith('[]')) return ['a@example.test'];
  if (type.includes('Dictionary')) return { key: 'value' };
  if (type.includes('Int') || type.includes('Double') || type.includes('Decimal')) return 5;
  if (type.includes('Boolean')) return false;
  if (type.includes('DateTime')) return '2026-01-01T00:00:00Z';
  return 'default';
}
