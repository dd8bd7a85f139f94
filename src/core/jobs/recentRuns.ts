import type { FolderContext } from '../http/connection';
import { eq } from '../odata/filter';
import type { OrchestratorClient } from '../orchestrator/client';
import type { Job } from '../orchestrator/schemas';

/** Runs one history read asks for: one page of the rate-limited Jobs list. */
export const RECENT_RUNS = 50;

/**
 * A process's last runs in its folder, newest first: one Jobs request (a page of the rate-limited list, so it waits
 * its turn in the tenant's budget). The job panel's history and the explorer's Recent Runs row both read through it.
 */
export async function readRecentRuns(
  client: Pick<OrchestratorClient, 'jobs'>,
  options: { folder: FolderContext; process: string; signal?: AbortSignal },
): Promise<Job[]> {
  const page = await client.jobs.list({
    folder: options.folder,
    signal: options.signal,
    query: {
      filter: eq('ReleaseName', options.process),
      top: RECENT_RUNS,
      orderBy: [{ path: 'CreationTime', desc: true }],
    },
  });
  return page.items;
}
