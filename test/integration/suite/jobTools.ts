// What the job suites check a job with: the moment the extension's watcher sees it end, and its whole log as the
// service holds it (the reference a tail is compared with).
import type { Ctx } from '../../../src/ctx';
import { formatLogLine } from '../../../src/core/logs/logLines';
import { eq } from '../../../src/core/odata/filter';
import type { OrchestratorClient } from '../../../src/core/orchestrator/client';
import type { RobotLog } from '../../../src/core/orchestrator/schemas';
import type { WatchedJob } from '../../../src/host/jobs/jobWatcher';

export function jobTools(ctx: () => Ctx, client: () => OrchestratorClient, folder: () => { id: number }) {
  /** Settles when the job watcher reports the job with this key ended. */
  const ended = (key: string) =>
    new Promise<WatchedJob>((resolve) => {
      const listener = ctx().jobs.onDidEnd((w) => {
        if (w.job.Key === key) {
          listener.dispose();
          resolve(w);
        }
      });
    });
  /** Every line of a job's log as the service holds it, formatted as the tail shows lines. */
  const fullLog = async (key: string) => {
    const rows: RobotLog[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = await client().robots.logs({
        folder: folder(),
        query: { filter: eq('JobKey', key), top: 1000, skip, orderBy: [{ path: 'Id' }] },
      });
      rows.push(...page.items);
      if (page.items.length < 1000) break;
    }
    // The order a reader expects: by time, equal times by Id (the service orders by one key only).
    return rows.sort((a, b) => Date.parse(a.TimeStamp) - Date.parse(b.TimeStamp) || a.Id - b.Id).map(formatLogLine);
  };
  return { ended, fullLog };
}
