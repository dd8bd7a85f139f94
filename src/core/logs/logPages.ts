import type { Filter } from '../odata/filter';
import type { RowProblem } from '../odata/envelope';
import type { FolderContext } from '../http/connection';
import type { OrchestratorClient } from '../orchestrator/client';
import type { RobotLog } from '../orchestrator/schemas';
import { t } from '../l10n';

/*
 * Where a job's log window (JobLogWindow, logWindow.ts) reads its lines: pages of RobotLogs and their counts, and the
 * rows of a page as the window's slots. Apart from the window, whose part is which lines to ask for.
 */

/** What the window reads: a page of a job's log lines in time order (or reverse), and how many lines match. */
export interface LogPages {
  /** With `count`, the answer also says how many lines match the filter, counted with the page (`$count`). */
  page(
    query: { filter: Filter; top: number; skip: number; newestFirst: boolean; count?: boolean },
    signal?: AbortSignal,
  ): Promise<{ items: RobotLog[]; skipped: RowProblem[]; count?: number }>;
  count(filter: Filter, signal?: AbortSignal): Promise<number>;
}

/** A line of the window: the log line, or why the service's row at that place cannot be shown. */
export type LogSlot = { line: RobotLog } | { problem: string };

/** A page of lines as slots, rows the service sent that are not valid log lines kept in place (so line numbers hold). */
export async function readSlots(
  source: LogPages,
  query: { filter: Filter; skip: number; top: number; newestFirst: boolean; count?: boolean },
  signal?: AbortSignal,
): Promise<{ slots: LogSlot[]; count?: number }> {
  const page = await source.page(query, signal);
  const { items, skipped } = page;
  const slots: LogSlot[] = [];
  const bad = new Map(skipped.map((s) => [s.index, s.problem]));
  let next = 0;
  for (let i = 0; slots.length < items.length + skipped.length; i++) {
    const problem = bad.get(i);
    slots.push(
      problem !== undefined ? { problem: t('This line is not valid: {0}', problem) } : { line: items[next++]! },
    );
  }
  return { slots, count: page.count };
}

/** The window's source over the client's RobotLogs calls, for one job in one folder. */
export function jobLogPages(client: Pick<OrchestratorClient, 'robots'>, folder: FolderContext): LogPages {
  return {
    page: ({ filter, top, skip, newestFirst, count }, signal) =>
      client.robots.logs({
        folder,
        signal,
        query: { filter, top, skip, orderBy: [{ path: 'TimeStamp', desc: newestFirst }], ...(count ? { count } : {}) },
      }),
    count: async (filter, signal) => {
      const { count } = await client.robots.logs({ folder, signal, query: { filter, top: 0, count: true } });
      if (count === undefined) throw new Error(t('The service did not say how many log lines this job has.'));
      return count;
    },
  };
}
