import type { Clock } from '../server/clock';
import type { OrchestratorOptions } from './context';
import type { Job, LogSegment, TenantState } from './state';
import { legacyFault } from './faultTexts';

/** What a job asked to fault by `SandboxOutcome` writes: the one-line form older robots write. */
const SANDBOX_OUTCOME_FAULT = legacyFault('Main', 'simulated failure requested by SandboxOutcome');

export const FINAL_STATES = new Set(['Successful', 'Faulted', 'Stopped']);

/** The level of a running job's `Processing step i` line (the bench checks a tail delivered exactly the right ones). */
export function stepLogLevel(step: number): 'Warning' | 'Trace' | 'Information' {
  return step % 10 === 9 ? 'Warning' : step % 5 === 2 ? 'Trace' : 'Information';
}

/**
 * Simulated robots: pending jobs are picked up, write robot logs at a steady rate, and finish; stop requests are
 * honoured; sessions heartbeat (except silent robots, which turn unresponsive after 2 minutes).
 */
export class Simulator {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tenants: () => TenantState[],
    private readonly clock: Clock,
    private readonly options: OrchestratorOptions,
    private readonly changed: () => void,
  ) {}

  start(intervalMs = 100): void {
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  tick(): void {
    const now = this.clock.now();
    let dirty = false;
    for (const tenant of this.tenants()) {
      for (const session of tenant.sessions) {
        const robot = tenant.robots.find((r) => r.Id === session.$robotId);
        if (robot && !robot.$silent && session.State !== 'Disconnected')
          session.ReportingTime = new Date(now).toISOString();
      }
      for (const job of tenant.jobs) {
        if (FINAL_STATES.has(job.State) || !job.$plan) continue;
        dirty = this.advance(tenant, job, now) || dirty;
      }
    }
    if (dirty) this.changed();
  }

  private segment(tenant: TenantState, job: Job): LogSegment {
    let segment = tenant.logs.find((s) => s.JobKey === job.Key);
    if (!segment) {
      const robot = tenant.robots.find((r) => r.Id === job.$robotId);
      segment = {
        rows: [],
        JobKey: job.Key,
        RobotName: robot?.Name ?? 'unknown',
        MachineId: robot?.MachineId ?? 0,
        ProcessName: job.ReleaseName,
        ProcessVersion: tenant.releases.find((r) => r.Id === job.$releaseId)?.ProcessVersion,
        WindowsIdentity: robot?.Username ?? '',
        folderId: job.$folderId,
      };
      tenant.logs.push(segment);
    }
    return segment;
  }

  private log(
    tenant: TenantState,
    job: Job,
    line: { level: string; message: string; at: number; fileName?: string },
  ): void {
    this.segment(tenant, job).rows!.push({
      Id: tenant.nextId++,
      Level: line.level,
      TimeStamp: new Date(line.at).toISOString(),
      Message: line.message,
      ...(line.fileName ? { FileName: line.fileName } : {}),
    });
  }

  private advance(tenant: TenantState, job: Job, now: number): boolean {
    const iso = (ms: number) => new Date(ms).toISOString();
    if (job.State === 'Pending') {
      if (now - Date.parse(job.CreationTime) < this.options.pickupDelayMs) return false;
      if (job.$robotId === null) {
        const busy = new Set(
          tenant.jobs.filter((j) => j.State === 'Running' && j.$robotId !== null).map((j) => j.$robotId),
        );
        const release = tenant.releases.find((r) => r.Id === job.$releaseId);
        const env = tenant.environments.find((e) => e.Id === release?.EnvironmentId);
        const candidate = ((env?.$robotIds as number[]) ?? []).find((id) => !busy.has(id));
        if (candidate === undefined) return false;
        job.$robotId = candidate;
        job.HostMachineName = tenant.robots.find((r) => r.Id === candidate)?.MachineName ?? null;
      }
      job.State = 'Running';
      job.StartTime = iso(now);
      this.log(tenant, job, { level: 'Information', message: `${job.ReleaseName} execution started`, at: now });
      return true;
    }
    if (job.State === 'Suspended') return false;
    if (job.State === 'Resumed') {
      // A resumed job waits for a robot as a new one does; the time it was suspended is not running time.
      if (now - Date.parse(job.$resumedAt!) < this.options.pickupDelayMs) return false;
      job.$pausedMs = (job.$pausedMs ?? 0) + (now - Date.parse(job.$suspendedAt!));
      job.State = 'Running';
      this.log(tenant, job, { level: 'Information', message: `${job.ReleaseName} execution resumed`, at: now });
      return true;
    }
    const plan = job.$plan!;
    const started = Date.parse(job.StartTime ?? job.CreationTime) + (job.$pausedMs ?? 0);
    const suspending = plan.suspendAtMs !== undefined && !job.$suspendedAt;
    const until = started + (suspending ? plan.suspendAtMs! : plan.runMs);
    const segment = this.segment(tenant, job);
    const written = segment.rows!.length;
    const due = Math.floor((Math.min(now, until) - started) / this.options.logIntervalMs) + 1;
    for (let i = written; i < due; i++) {
      const level = stepLogLevel(i);
      // Lines 4, 5 and 6 of every 7 are a burst flushed with one timestamp, as robots do when they batch.
      const at = started + (i % 7 >= 4 ? i - (i % 7) + 4 : i) * this.options.logIntervalMs;
      this.log(tenant, job, { level, message: `Processing step ${i} of ${job.ReleaseName}`, at });
    }
    if (job.$stopRequested) {
      this.log(tenant, job, {
        level: job.$stopRequested === 'Kill' ? 'Error' : 'Warning',
        message: job.$stopRequested === 'Kill' ? 'Job was killed' : 'Job stopped on request',
        at: now,
      });
      Object.assign(job, {
        State: 'Stopped',
        EndTime: iso(now),
        Info: job.$stopRequested === 'Kill' ? 'Job was killed.' : 'Job was stopped.',
      });
      return true;
    }
    if (suspending && now >= until) {
      this.log(tenant, job, {
        level: 'Information',
        message: `${job.ReleaseName} suspended: waiting to be resumed`,
        at: now,
      });
      Object.assign(job, { State: 'Suspended', $suspendedAt: iso(now) });
      return true;
    }
    if (now - started >= plan.runMs) {
      const faulted = plan.outcome === 'Faulted';
      const fault = faulted ? (plan.fault ?? SANDBOX_OUTCOME_FAULT) : undefined;
      for (const line of fault?.errors ?? [])
        this.log(tenant, job, { level: 'Error', message: line.message, at: now, fileName: line.fileName });
      this.log(tenant, job, { level: 'Information', message: `${job.ReleaseName} execution ended`, at: now });
      Object.assign(job, {
        State: plan.outcome,
        EndTime: iso(now),
        Info: fault ? fault.info : 'Job completed',
        $outputArguments: faulted ? null : JSON.stringify({ out_Result: 'OK', out_Processed: written }),
      });
      return true;
    }
    return due > written;
  }
}
