import type { FolderContext } from '../http/connection';
import { eq } from '../odata/filter';
import type { OrchestratorClient } from '../orchestrator/client';
import type { Job } from '../orchestrator/schemas';

/** The package and version a job's process (its release) runs. */
export interface ProcessVersion {
  readonly package: string;
  readonly version: string;
}

/**
 * The version of a job's process, from its release: one Releases request (not rate limited), by the name the job
 * carries. A job's own fields do not say it. Undefined when the job names no process, the folder no longer has it, or
 * the read fails: the panel then shows the job without a version rather than fail.
 */
export async function readProcessVersion(
  client: Pick<OrchestratorClient, 'releases'>,
  folder: FolderContext,
  job: Pick<Job, 'ReleaseName'>,
): Promise<ProcessVersion | undefined> {
  if (!job.ReleaseName) return undefined;
  try {
    const page = await client.releases.list({ folder, query: { filter: eq('Name', job.ReleaseName), top: 1 } });
    const release = page.items[0];
    return release && { package: release.ProcessKey, version: release.ProcessVersion };
  } catch {
    return undefined;
  }
}
