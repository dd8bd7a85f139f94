import { locateFault, type FaultLocation } from '../../core/faults/faultLocations';
import { parseErrorLogLine, parseFaultInfo, type ParsedLogLine } from '../../core/faults/faultText';
import { projectsOfPackage } from '../../core/faults/projectDefinition';
import { and, eq, ge, guid } from '../../core/odata/filter';
import type { OrchestratorClient } from '../../core/orchestrator/client';
import type { Job } from '../../core/orchestrator/schemas';
import type { FolderById } from '../../core/rows/rows';
import type { WorkspaceProject } from './workspaceProjects';

// A faulted job's evidence, read from the service with a fixed, small number of requests, and its places in the
// workspace's projects of the job's package. Loaded on the first faulted job (a chunk of its own).

/** Error log lines read per job: the first ones say where it failed; a job logging thousands repeats itself. */
export const ERROR_PAGE_SIZE = 100;
export const MAX_ERROR_PAGES = 2;

/** The requests one reading sent, by entity set (the integration suite asserts them). */
export interface FaultRequests {
  jobs: number;
  releases: number;
  logs: number;
}

export interface FaultReading {
  readonly job: Job;
  /** The process's package id; undefined when the process is not found. */
  readonly processKey?: string;
  /** Each place with the project it is in. */
  readonly places: readonly { readonly project: WorkspaceProject; readonly location: FaultLocation }[];
  readonly requests: FaultRequests;
}

export interface FaultSource {
  readonly client: OrchestratorClient;
  readonly folder: FolderById;
  /** The job as the watcher last read it (`Jobs(<key>)`). */
  readonly job: Job;
  /** The process's package id, read once per process name (the caller caches it); counts its request. */
  readonly processKeyOf: (releaseName: string, requests: FaultRequests) => Promise<string | undefined>;
  readonly projects: () => Promise<WorkspaceProject[]>;
  readonly signal?: AbortSignal;
}

async function errorLines(source: FaultSource, requests: FaultRequests): Promise<ParsedLogLine[]> {
  const { client, folder, job, signal } = source;
  const lines: ParsedLogLine[] = [];
  for (let page = 0; page < MAX_ERROR_PAGES; page++) {
    requests.logs++;
    const { items } = await client.robots.logs({
      folder,
      signal,
      query: {
        filter: and(eq('JobKey', guid(job.Key)), ge('Level', 'Error')),
        orderBy: [{ path: 'TimeStamp' }],
        top: ERROR_PAGE_SIZE,
        skip: page * ERROR_PAGE_SIZE,
      },
    });
    for (const item of items) {
      const parsed = parseErrorLogLine(item);
      if (parsed) lines.push(parsed);
    }
    if (items.length < ERROR_PAGE_SIZE) break;
  }
  return lines;
}

/** Where in the workspace a faulted job failed; no places when its package has no project here. */
export async function readFault(source: FaultSource): Promise<FaultReading> {
  const requests: FaultRequests = { jobs: 0, releases: 0, logs: 0 };
  let job = source.job;
  if (!job.ReleaseName) return { job, places: [], requests };
  const processKey = await source.processKeyOf(job.ReleaseName, requests);
  // Stopped (the extension disposed) while a read without a signal of its own was in flight: read nothing more.
  source.signal?.throwIfAborted();
  const projects = processKey ? projectsOfPackage(processKey, await source.projects()) : [];
  source.signal?.throwIfAborted();
  if (projects.length === 0) return { job, processKey, places: [], requests };
  if (job.Info === null) {
    // The watcher's last read came before the robot wrote the fault.
    requests.jobs++;
    job = await source.client.jobs.get(job.Key, { folder: source.folder, signal: source.signal });
  }
  const evidence = {
    ...(job.Info ? { fault: parseFaultInfo(job.Info) } : {}),
    errorLines: await errorLines({ ...source, job }, requests),
  };
  const places: FaultReading['places'][number][] = [];
  for (const project of projects)
    for (const location of await locateFault(evidence, project.files, source.signal))
      places.push({ project, location });
  return { job, processKey, places, requests };
}
