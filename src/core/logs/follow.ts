import type { FolderContext } from '../http/connection';
import type { OrchestratorClient } from '../orchestrator/client';
import { isTransientTailFailure, jobLogSource, robotLogSource, tailLogs, type TailEvent } from './tail';

/** What a tail follows: a job to its end, or a robot's log from a moment on. */
export type FollowedLog = { jobKey: string } | { robotName: string | undefined; since: Date };

/**
 * The tail as the editor runs it (host/logs/logTail.ts), and as the bench measures it: the source over the client,
 * the level from the setting, the engine's own page size and intervals, and transient failures (a truncated or
 * malformed page, a reset, a 5xx after the transport's retries) ridden out from the same cursor.
 */
export function followLog(
  client: Pick<OrchestratorClient, 'robots' | 'jobs'>,
  folder: FolderContext,
  followed: FollowedLog,
  options: { minLevel: string; signal?: AbortSignal },
): AsyncGenerator<TailEvent, void, undefined> {
  const source = 'jobKey' in followed ? jobLogSource(client, folder, followed.jobKey) : robotLogSource(client, folder);
  return tailLogs(source, {
    ...('jobKey' in followed ? { jobKey: followed.jobKey } : { robotName: followed.robotName, since: followed.since }),
    minLevel: options.minLevel,
    signal: options.signal,
    isTransient: isTransientTailFailure,
  });
}
