import * as vscode from 'vscode';
import type { Connection } from '../../../core/connections';
import { groupFailures, type FailureGroup, type ProcessFailures } from '../../../core/faults/failureGroups';
import { OrchestratorError } from '../../../core/http/errors';
import {
  FAILURE_PERIOD_MS,
  FAILURES_CAP,
  failureKeyOfGroup,
  jobsAllowance,
  jobsByFailure,
  readAcrossFolders,
  readFolderByFolder,
  type FailurePeriod,
  type FailureRead,
  type ListJobs,
  type LocatedJob,
} from '../../../core/jobs/failureReads';
import { t, formatNumber } from '../../../core/l10n';
import { markdownText } from '../../../core/presentation/plainText';
import { relativeTime } from '../../../core/presentation/times';
import { ContextValue } from '../../../core/rows/contextValues';
import { childId } from '../../../core/rows/rowIds';
import { makeRow } from '../../../core/rows/rows';
import { jobItem } from '../../presentation/items';
import { LazyNode, LeafNode, messageNode, rowLeaf, toTreeItem, type TreeNode } from '../treeNode';
import type { ExplorerHost } from './explorerHost';

/** The most folders the fallback lists (one Folders request, not rate limited). */
const FOLDERS_READ = 1000;

/**
 * What the Failures row loads (failuresNode.ts), in a module of its own so the grouping and fault-text code loads
 * when the row is first expanded, not at activation: the reads within the Jobs budget, then the rows.
 */
export class FailureRows {
  private readonly host: ExplorerHost;
  private readonly connection: Connection;
  private readonly parentId: string;
  private readonly period: FailurePeriod;
  private readonly periodWords: string;
  private readonly periodRow: TreeNode;

  constructor(options: {
    host: ExplorerHost;
    connection: Connection;
    /** The Failures row's id: the rows below are named under it. */
    parentId: string;
    period: FailurePeriod;
    periodWords: string;
    /** The row that switches the period, shown first. */
    periodRow: TreeNode;
  }) {
    ({
      host: this.host,
      connection: this.connection,
      parentId: this.parentId,
      period: this.period,
      periodWords: this.periodWords,
      periodRow: this.periodRow,
    } = options);
  }

  /** Reads within the Jobs budget; `signal` (a refresh or period switch) aborts the page or folder in flight. */
  async load(signal?: AbortSignal): Promise<FailureRead> {
    const client = this.host.clientFor(this.connection);
    const since = new Date(this.host.now() - FAILURE_PERIOD_MS[this.period]);
    const list: ListJobs = async (query, folderId) =>
      (await client.jobs.list({ query, signal, ...(folderId === undefined ? {} : { folder: { id: folderId } }) }))
        .items;
    try {
      return await readAcrossFolders(list, since);
    } catch (error) {
      if (!(error instanceof OrchestratorError) || (error.status !== 400 && error.status !== 403)) throw error;
    }
    const folders = await client.folders.list({ query: { top: FOLDERS_READ, orderBy: [{ path: 'Id' }] }, signal });
    const folderIds = folders.items.map((folder) => folder.Id);
    const allowance = jobsAllowance(this.host.budgetOf(this.connection));
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: t('Reading failed jobs folder by folder'),
        cancellable: true,
      },
      (progress, token) =>
        readFolderByFolder({
          list,
          folderIds,
          since,
          allowance,
          cancelled: () => token.isCancellationRequested || signal?.aborted === true,
          progress: (read, of) => progress.report({ message: t('{0} of {1} folders', read, of), increment: 100 / of }),
        }),
    );
  }

  rows(read: FailureRead): TreeNode[] {
    const rows: TreeNode[] = [this.periodRow];
    if (read.folders) {
      const { total, read: done, cancelled } = read.folders;
      rows.push(
        messageNode(
          childId(this.parentId, 'partial'),
          done < total
            ? t(
                'Read {0} of {1} folders one by one ({2}); the service refused a read across folders.',
                done,
                total,
                cancelled ? t('cancelled') : t('the Jobs budget of this minute'),
              )
            : t('Read {0} folders one by one; the service refused a read across folders.', total),
          'info',
        ),
      );
    }
    if (read.cut)
      rows.push(
        messageNode(
          childId(this.parentId, 'limit'),
          t('Showing the newest {0} failed jobs; older ones are left out.', formatNumber(FAILURES_CAP)),
          'warning',
        ),
      );
    if (read.jobs.length === 0) {
      rows.push(messageNode(childId(this.parentId, 'empty'), t('No failed jobs in {0}', this.periodWords), 'pass'));
      return rows;
    }
    const jobs = jobsByFailure(read.jobs);
    for (const process of groupFailures(read.jobs.map((located) => located.job)))
      rows.push(this.processRow(process, jobs));
    return rows;
  }

  private processRow(process: ProcessFailures, jobs: Map<string, LocatedJob[]>): TreeNode {
    const id = childId(this.parentId, 'process', process.process);
    const now = this.host.now();
    return new LazyNode(
      id,
      {
        label: process.process || t('(no process)'),
        description: t('{0} failed · {1}', process.count, relativeTime(process.last, now)),
        icon: { id: 'symbol-event' },
        contextValue: ContextValue.group,
        collapsible: 'collapsed',
        tooltip: t(
          '**{0}**\n\n{1} failed jobs, the last {2}',
          markdownText(process.process),
          process.count,
          relativeTime(process.last, now),
        ),
      },
      async () => process.groups.map((group, index) => this.groupRow(id, index, group, jobs)),
      { what: t('failed jobs'), where: this.connection.label, empty: t('No failed jobs.') },
    );
  }

  private groupRow(parent: string, index: number, group: FailureGroup, jobs: Map<string, LocatedJob[]>): TreeNode {
    const id = childId(parent, 'failureGroup', index);
    const now = this.host.now();
    const members = jobs.get(failureKeyOfGroup(group)) ?? [];
    return new LazyNode(
      id,
      {
        label: group.message || group.exceptionType || t('(no message)'),
        description: t('×{0} · {1}', group.count, relativeTime(group.last, now)),
        icon: { id: 'bug' },
        contextValue: ContextValue.group,
        collapsible: 'collapsed',
        tooltip: [
          `**${markdownText(group.message || t('(no message)'))}**`,
          group.exceptionType ? markdownText(group.exceptionType) : '',
          t(
            '{0} jobs, first {1}, last {2}',
            group.count,
            relativeTime(group.first, now),
            relativeTime(group.last, now),
          ),
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
      async () => members.map((located) => this.jobRow(id, located, now)),
      { what: t('failed jobs'), where: this.connection.label, empty: t('No failed jobs.') },
    );
  }

  private jobRow(scope: string, located: LocatedJob, now: number): TreeNode {
    const data = jobItem(scope, located.job, now);
    // A job whose folder the service did not name cannot be opened (the panel reads it in its folder).
    if (located.folderId === undefined) return new LeafNode(data.id, toTreeItem(data));
    return rowLeaf(
      data,
      makeRow({ kind: 'job', connection: this.connection, folder: { id: located.folderId }, job: located.job }),
    );
  }
}
