import { hash32, type Random } from '../server/clock';
import { invoiceNumberRefused, SAMPLE_PACKAGE, type FaultText } from './faultTexts';
import { PROCESSES } from './historyProcesses';
import type { Folder, Job, LogRow, Release, TenantState } from './state';

/**
 * Run history across folders of its own (README, "Faulted jobs"): processes that succeed and fault with a few distinct
 * exceptions over the last 7 days, and the sample project's 1,000,000-line run. Seeded after everything else, from its
 * own random stream, so the rest of the seed (and every count tests hold) stays as it was.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const HUGE_LOG_LINES = 1_000_000;
/** The sample's input arguments: a job faults on some values (faultTexts.ts, sampleFaultFor). */
export const SAMPLE_ARGUMENTS = {
  Input: JSON.stringify([
    { name: 'in_InvoiceNumber', type: 'System.String', required: true, hasDefault: true },
    { name: 'in_InvoiceTotal', type: 'System.Double', required: false, hasDefault: true },
    { name: 'in_InvoiceFolder', type: 'System.String', required: false, hasDefault: false },
  ]),
  Output: JSON.stringify([{ name: 'out_Result', type: 'System.String' }]),
};
export const SAMPLE_INPUT = JSON.stringify({ in_InvoiceNumber: 'INV-20431', in_InvoiceTotal: 1250.5 });

/** Runs per process over the last 7 days (one about every 6 hours). */
const RUNS = 28;

/** The sample project's version of its package (project.json `projectVersion`). */
export const SAMPLE_VERSION = '1.1.0';

/**
 * The sample project's package gains version 1.1.0, built from the sample (its arguments, Main.xaml), listed after
 * 1.0.0. `Shared`'s process stays on 1.0.0 with its arguments, as a folder not yet moved to the latest version; the
 * run history's process runs 1.1.0.
 */
export function adaptSamplePackage(tenant: TenantState, now: number): void {
  const at = tenant.packages.findIndex((p) => p.Id === SAMPLE_PACKAGE && p.IsLatestVersion);
  if (at < 0) return;
  const previous = tenant.packages[at]!;
  // 1.0.0 three weeks old, 1.1.0 eight days: older than the run history, all of which runs 1.1.0.
  Object.assign(previous, { IsLatestVersion: false, Published: new Date(now - 21 * DAY).toISOString() });
  tenant.packages.splice(at + 1, 0, {
    ...previous,
    Key: `${SAMPLE_PACKAGE}:${SAMPLE_VERSION}`,
    Version: SAMPLE_VERSION,
    Published: new Date(now - 8 * DAY).toISOString(),
    IsLatestVersion: true,
    OldVersion: previous.Version,
    ReleaseNotes: 'Reads invoices with the coded workflow ReadInvoice; books them in Process Invoice',
    ProjectType: 'Process',
    MainEntryPointPath: 'Main.xaml',
    Arguments: SAMPLE_ARGUMENTS,
  });
  for (const release of tenant.releases.filter((r) => r.ProcessKey === SAMPLE_PACKAGE)) release.IsLatestVersion = false;
}

export function seedHistory(tenant: TenantState, random: Random, now: number): void {
  const newId = () => tenant.nextId++;
  const operations = seedFolder(tenant, random, 'Zurich Operations', null, {
    Description: 'Run history and faults (README, Faulted jobs)',
  });
  const children = new Map(
    ['Accounts Payable', 'Logistics', 'People'].map((name) => [name, seedFolder(tenant, random, name, operations)]),
  );
  const robots = tenant.robots.slice(0, 6);
  const environments = new Map<number, { Id: number; Name: string }>();
  for (const f of [operations, ...children.values()]) {
    const env = { Id: newId(), Name: 'Production', Description: `Production robots of ${f.DisplayName}`, Type: 'Prod' };
    tenant.environments.push({ ...env, $folderId: f.Id, $robotIds: robots.map((r) => r.Id) });
    environments.set(f.Id, env);
    for (const robot of robots) robot.$folderIds.push(f.Id);
  }
  for (const [p, history] of PROCESSES.entries()) {
    const target = children.get(history.folder)!;
    const release = addRelease(tenant, random, history.packageId, target, environments.get(target.Id)!);
    for (let n = 0; n < RUNS; n++) {
      const h = hash32(`${history.packageId} ${n}`);
      // The sample faults in its two most recent runs (both within 24 h), so its faults are there on the first day.
      const recentSample = history.packageId === SAMPLE_PACKAGE && n >= RUNS - 2;
      const faulted = recentSample || h % 100 < 25;
      const scale = 0.6 + (h % 1000) / 1000 + (h % 13 === 0 ? 2 : 0);
      const seconds = Math.round(history.medianSeconds * scale * (faulted ? 0.5 : 1));
      const scheduled = n % 3 !== 1;
      const created = now - (RUNS - n) * 6 * HOUR + p * 7 * 60_000 + (scheduled ? 0 : (h % 120) * 60_000);
      const fault = faulted ? history.fault(recentSample ? RUNS + n : n) : undefined;
      const robot = robots[h % robots.length]!;
      const job = addJob(tenant, random, release, robot.Id, {
        State: faulted ? 'Faulted' : 'Successful',
        Source: scheduled ? 'Schedule' : 'Manual',
        StartingScheduleId: scheduled ? 1 : null,
        Info: fault ? fault.info : 'Job completed',
        CreationTime: new Date(created).toISOString(),
        StartTime: new Date(created + 4_000).toISOString(),
        EndTime: new Date(created + 4_000 + seconds * 1000).toISOString(),
        HostMachineName: robot.MachineName,
        $outputArguments: faulted ? null : JSON.stringify({ out_Result: 'OK' }),
      });
      tenant.logs.push({
        rows: runLog(tenant, job, seconds, fault),
        ...segmentFields(job, release, robot),
      });
    }
  }
  addHugeRun(tenant, random, now, children.get('Accounts Payable')!);
}

/** A standard folder of the seed (the first id and random draw are the folder's, as the seed has always made them). */
export function seedFolder(
  tenant: TenantState,
  random: Random,
  name: string,
  parent: Folder | null,
  extra: Partial<Folder> = {},
): Folder {
  const created: Folder = {
    Id: tenant.nextId++,
    Key: random.uuid(),
    DisplayName: name,
    FullyQualifiedName: parent ? `${parent.FullyQualifiedName}/${name}` : name,
    Description: null,
    FolderType: 'Standard',
    ProvisionType: 'Manual',
    PermissionModel: 'FineGrained',
    ParentId: parent?.Id ?? null,
    IsActive: true,
    FeedType: 'Processes',
    ...extra,
  };
  tenant.folders.push(created);
  return created;
}

function addRelease(
  tenant: TenantState,
  random: Random,
  packageId: string,
  target: Folder,
  env: { Id: number; Name: string },
): Release {
  const pkg = tenant.packages.find((p) => p.Id === packageId && p.IsLatestVersion)!;
  const input = packageId === SAMPLE_PACKAGE ? SAMPLE_INPUT : '{}';
  const release: Release = {
    Id: tenant.nextId++,
    Key: random.uuid(),
    Name: `${packageId}_${env.Name}`,
    Description: `Runs ${packageId}`,
    ProcessKey: packageId,
    ProcessVersion: pkg.Version,
    IsLatestVersion: true,
    IsProcessDeleted: false,
    EnvironmentId: env.Id,
    EnvironmentName: env.Name,
    InputArguments: input,
    Arguments: { Input: input, Output: null },
    OrganizationUnitId: target.Id,
    $folderId: target.Id,
    $previousVersions: [],
  };
  tenant.releases.push(release);
  return release;
}

type JobFields = Pick<
  Job,
  | 'State'
  | 'Source'
  | 'StartingScheduleId'
  | 'Info'
  | 'CreationTime'
  | 'StartTime'
  | 'EndTime'
  | 'HostMachineName'
  | '$outputArguments'
>;

function addJob(tenant: TenantState, random: Random, release: Release, robotId: number, fields: JobFields): Job {
  const job: Job = {
    Id: tenant.nextId++,
    Key: random.uuid(),
    BatchExecutionKey: random.uuid(),
    ReleaseName: release.Name,
    ProcessType: 'Process',
    OrganizationUnitId: release.$folderId,
    $inputArguments: release.InputArguments,
    $robotId: robotId,
    $releaseId: release.Id,
    $folderId: release.$folderId,
    ...fields,
  };
  tenant.jobs.push(job);
  return job;
}

function segmentFields(job: Job, release: Release, robot: TenantState['robots'][number]) {
  return {
    JobKey: job.Key,
    RobotName: robot.Name,
    MachineId: robot.MachineId,
    ProcessName: release.Name,
    ProcessVersion: release.ProcessVersion,
    WindowsIdentity: robot.Username,
    folderId: release.$folderId,
  };
}

/** A run's log: started, a few steps, the fault's Error lines, ended. */
function runLog(tenant: TenantState, job: Job, seconds: number, fault: FaultText | undefined): LogRow[] {
  const start = Date.parse(job.StartTime!);
  const at = (ms: number) => new Date(start + ms).toISOString();
  const line = (Level: string, Message: string, ms: number, FileName?: string): LogRow => ({
    Id: tenant.nextId++,
    Level,
    TimeStamp: at(ms),
    Message,
    ...(FileName ? { FileName } : {}),
  });
  const step = Math.floor((seconds * 1000) / 8);
  const rows = [line('Information', `${job.ReleaseName} execution started`, 0)];
  for (let i = 1; i <= 6; i++)
    rows.push(line(i % 3 ? 'Information' : 'Trace', `Step ${i}: ${i * 12} items done`, i * step));
  for (const error of fault?.errors ?? []) rows.push(line('Error', error.message, 7 * step, error.fileName));
  rows.push(line('Information', `${job.ReleaseName} execution ended`, seconds * 1000));
  return rows;
}

/** The sample's long run: 1,000,000 log lines over about 28 hours, computed from the line index (hugeLog.ts). */
function addHugeRun(tenant: TenantState, random: Random, now: number, target: Folder): void {
  const release = tenant.releases.find((r) => r.ProcessKey === SAMPLE_PACKAGE && r.$folderId === target.Id)!;
  const robot = tenant.robots[0]!;
  const stepMs = 100;
  const start = now - 2 * DAY;
  const fault = invoiceNumberRefused('INV 99999');
  const job = addJob(tenant, random, release, robot.Id, {
    State: 'Faulted',
    Source: 'Schedule',
    StartingScheduleId: 1,
    Info: fault.info,
    CreationTime: new Date(start - 3_000).toISOString(),
    StartTime: new Date(start).toISOString(),
    EndTime: new Date(start + HUGE_LOG_LINES * stepMs).toISOString(),
    HostMachineName: robot.MachineName,
    $outputArguments: null,
  });
  tenant.logs.push({
    virtual: { count: HUGE_LOG_LINES, firstId: 20_000_000, startMs: start, stepMs, finalError: fault.errors[0] },
    ...segmentFields(job, release, robot),
  });
}
