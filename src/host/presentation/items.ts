import { CommandId } from '../../constants';
import type { Asset, Folder, Job, Package, QueueDefinition, Release, Robot } from '../../core/orchestrator/schemas';
import { OrchestratorError } from '../../core/http/errors';
import { markdownText } from '../../core/presentation/plainText';
import { localTime, relativeTime } from '../../core/presentation/times';
import { ContextValue, folderContextValue, queueItemContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import type { QueueItemSummary } from '../../core/rows/rows';
import { t } from '../../core/l10n';
import { NO_MARKS, type FolderMarks } from '../../core/folderPreferences';

/**
 * What a tree row shows, as plain data (no vscode import): the host turns it into a TreeItem. Builders are pure so
 * the wording, icons and context values are unit-tested.
 */
export interface ItemData {
  id: string;
  label: string;
  description?: string;
  /** Markdown (service text in it escaped by markdownText); the host shows it untrusted, without HTML. */
  tooltip?: string;
  icon?: { id: string; color?: string };
  contextValue: string;
  collapsible: 'none' | 'collapsed';
  /** The command a click (or Enter) on the row runs, with the row: what the row opens. */
  opens?: string;
}

// Every value in a tooltip is service text: escaped so it cannot form a link, image, HTML or a new table row.
export const md = (text: string | number | null | undefined) => markdownText(text ?? '—');
export const row = (name: string, value: string | number | null | undefined) => `| ${md(name)} | ${md(value)} |`;
export const table = (title: string, rows: string[]) =>
  [`**${md(title)}**`, '', '| | |', '|---|---|', ...rows].join('\n');

/** Descriptions' "3 min ago" (tenantItems.ts and ideaItems.ts take it from here). */
export { relativeTime };

export const JOB_STATE_ICONS: Record<string, { id: string; color?: string }> = {
  Pending: { id: 'clock', color: 'charts.yellow' },
  Running: { id: 'sync~spin', color: 'charts.blue' },
  Stopping: { id: 'debug-stop', color: 'charts.orange' },
  Terminating: { id: 'debug-stop', color: 'charts.orange' },
  Successful: { id: 'pass', color: 'testing.iconPassed' },
  Faulted: { id: 'error', color: 'testing.iconFailed' },
  Stopped: { id: 'circle-slash', color: 'disabledForeground' },
  Suspended: { id: 'debug-pause', color: 'charts.yellow' },
};

export const QUEUE_ITEM_STATUS_ICONS: Record<string, { id: string; color?: string }> = {
  New: { id: 'circle-large-outline' },
  InProgress: { id: 'sync~spin', color: 'charts.blue' },
  Failed: { id: 'error', color: 'testing.iconFailed' },
  Successful: { id: 'pass', color: 'testing.iconPassed' },
  Abandoned: { id: 'warning', color: 'charts.orange' },
  Retried: { id: 'refresh' },
  Deleted: { id: 'trash', color: 'disabledForeground' },
};

export function folderItem(
  scope: string,
  folder: Pick<Folder, 'Id' | 'DisplayName'> & {
    FullyQualifiedName?: string | null;
    IsPersonal?: boolean;
    ChildrenCount?: number | null;
  },
  marks: FolderMarks = NO_MARKS,
): ItemData {
  const notes = [
    folder.IsPersonal ? t('personal workspace') : '',
    marks.pinned ? t('pinned') : '',
    marks.hidden ? t('hidden') : '',
  ].filter(Boolean);
  return {
    id: childId(scope, 'folder', folder.Id),
    label: folder.DisplayName,
    description: notes.length ? notes.join(' · ') : undefined,
    tooltip: table(folder.FullyQualifiedName ?? folder.DisplayName, [
      row(t('Id'), folder.Id),
      row(t('Kind'), folder.IsPersonal ? t('Personal workspace') : t('Folder')),
      row(t('Subfolders'), folder.ChildrenCount ?? 0),
    ]),
    icon: marks.hidden
      ? { id: 'eye-closed', color: 'disabledForeground' }
      : { id: folder.IsPersonal ? 'account' : marks.pinned ? 'pinned' : 'folder' },
    contextValue: folderContextValue(marks),
    collapsible: 'collapsed',
  };
}

/** A package row (the list answers its latest version); it expands to its versions. */
export function packageItem(scope: string, pkg: Package): ItemData {
  return feedEntryItem(scope, 'package', pkg, [
    [t('Description'), pkg.Description],
    [t('Authors'), pkg.Authors],
    [t('Project type'), pkg.ProjectType],
  ]);
}

/**
 * A package or a library of a feed: its id, its version (the latest one, marked), its details. Packages expand to
 * their versions; libraries do not.
 */
export function feedEntryItem(
  scope: string,
  kind: 'package' | 'library',
  entry: Pick<Package, 'Id' | 'Version' | 'IsLatestVersion' | 'Published' | 'Key'>,
  details: [name: string, value: string | null | undefined][],
): ItemData {
  const isPackage = kind === 'package';
  return {
    id: childId(scope, kind, entry.Id),
    label: entry.Id,
    description: `${entry.Version}${entry.IsLatestVersion ? t(' (latest)') : ''}`,
    tooltip: table(entry.Id, [
      row(t('Version'), entry.Version),
      ...details.map(([name, value]) => row(name, value)),
      row(t('Published'), localTime(entry.Published, Date.now())),
      row(t('Key'), entry.Key),
    ]),
    icon: { id: kind },
    contextValue: isPackage ? ContextValue.package : ContextValue.library,
    collapsible: isPackage ? 'collapsed' : 'none',
  };
}

/** One version of a package; the latest is marked with a star. */
export function packageVersionItem(scope: string, pkg: Package): ItemData {
  return {
    id: childId(scope, 'version', pkg.Version),
    label: pkg.Version,
    description:
      [pkg.IsLatestVersion ? 'latest' : undefined, pkg.Published ? pkg.Published.slice(0, 10) : undefined]
        .filter(Boolean)
        .join(' · ') || undefined,
    tooltip: table(`${pkg.Id} ${pkg.Version}`, [
      row(t('Latest'), pkg.IsLatestVersion ? t('yes') : t('no')),
      row(t('Published'), localTime(pkg.Published, Date.now())),
      row(t('Release notes'), pkg.ReleaseNotes),
      row(t('Key'), pkg.Key),
    ]),
    icon: pkg.IsLatestVersion ? { id: 'star-full', color: 'charts.yellow' } : { id: 'versions' },
    contextValue: pkg.IsLatestVersion ? ContextValue.packageVersionLatest : ContextValue.packageVersion,
    collapsible: 'none',
  };
}

export function releaseItem(scope: string, release: Release): ItemData {
  return {
    id: childId(scope, 'process', release.Id),
    label: release.Name,
    description: `${release.ProcessVersion}${release.EnvironmentName ? ` · ${release.EnvironmentName}` : ''}${release.IsLatestVersion ? '' : t(' · update available')}`,
    tooltip: table(release.Name, [
      row(t('Package'), `${release.ProcessKey} ${release.ProcessVersion}`),
      row(t('Environment'), release.EnvironmentName),
      row(t('Latest version'), release.IsLatestVersion ? t('yes') : t('no')),
      row(t('Key'), release.Key),
      row(t('Description'), release.Description),
    ]),
    icon: { id: 'symbol-event' },
    contextValue: release.IsLatestVersion ? ContextValue.process : ContextValue.processOutdated,
    collapsible: 'none',
  };
}

/**
 * A job row. Runs of one process look alike ("Contracts.Export_Production Running · 7 s ago" four times): the job's
 * number and the robot it runs on tell them apart.
 */
export function jobItem(scope: string, job: Job, now: number): ItemData {
  const started = job.StartTime ?? job.CreationTime;
  const final = ['Successful', 'Faulted', 'Stopped'].includes(job.State);
  const robot = job.Robot?.Name ?? job.HostMachineName;
  return {
    id: childId(scope, 'job', job.Key),
    label: job.ReleaseName ?? job.Key,
    description: [`#${job.Id}`, robot, job.State, relativeTime(started, now)].filter(Boolean).join(' · '),
    tooltip: table(job.ReleaseName ?? t('Job'), [
      row(t('Number'), job.Id),
      row(t('State'), job.State),
      row(t('Created'), localTime(job.CreationTime, now)),
      row(t('Started'), localTime(job.StartTime, now)),
      row(t('Ended'), localTime(job.EndTime, now)),
      row(t('Robot'), robot),
      row(t('Source'), job.Source),
      row(t('Info'), job.Info),
      row(t('Key'), job.Key),
    ]),
    icon: JOB_STATE_ICONS[job.State] ?? { id: 'circle-outline' },
    contextValue: final ? ContextValue.jobFinal : ContextValue.jobRunning,
    collapsible: 'none',
    opens: CommandId.showJob,
  };
}

export function queueItem(scope: string, queue: QueueDefinition): ItemData {
  return {
    id: childId(scope, 'queue', queue.Id),
    label: queue.Name,
    description: queue.EnforceUniqueReference ? t('unique references') : undefined,
    tooltip: table(queue.Name, [
      row(t('Description'), queue.Description),
      row(t('Retries'), queue.MaxNumberOfRetries),
      row(t('Unique references'), queue.EnforceUniqueReference ? t('yes') : t('no')),
      row(t('Id'), queue.Id),
    ]),
    icon: { id: 'list-ordered' },
    contextValue: ContextValue.queue,
    collapsible: 'collapsed',
  };
}

export function queueItemItem(scope: string, item: QueueItemSummary, now: number): ItemData {
  return {
    id: childId(scope, 'queueItem', item.Id),
    label: item.Reference ?? t('Item {0}', item.Id),
    description: `${item.Status}${item.Priority ? ` · ${item.Priority}` : ''} · ${relativeTime(item.CreationTime, now)}`,
    tooltip: table(item.Reference ?? t('Item {0}', item.Id), [
      row(t('Status'), item.Status),
      row(t('Priority'), item.Priority),
      row(t('Created'), localTime(item.CreationTime, now)),
      row(t('Retry'), item.RetryNumber),
      row(t('Exception'), item.ProcessingException?.Reason),
      row(t('Id'), item.Id),
    ]),
    icon: QUEUE_ITEM_STATUS_ICONS[item.Status] ?? { id: 'circle-outline' },
    contextValue: queueItemContextValue(item.Status),
    collapsible: 'none',
  };
}

export function robotItem(scope: string, robot: Robot, session?: { State: string; IsUnresponsive: boolean }): ItemData {
  const state = session ? (session.IsUnresponsive ? 'unresponsive' : session.State) : undefined;
  return {
    id: childId(scope, 'robot', robot.Id),
    label: robot.Name,
    description: [robot.Type, state].filter(Boolean).join(' · '),
    tooltip: table(robot.Name, [
      row(t('Type'), robot.Type),
      row(t('Machine'), robot.MachineName),
      row(t('User'), robot.Username),
      row(t('Environments'), robot.RobotEnvironments),
      row(t('State'), state),
    ]),
    icon: session?.IsUnresponsive ? { id: 'warning', color: 'charts.orange' } : { id: 'hubot' },
    contextValue: ContextValue.robot,
    collapsible: 'none',
  };
}

/** Credential values are never shown: a credential asset shows its user name only. */
export function assetItem(scope: string, asset: Asset): ItemData {
  const value =
    asset.ValueType === 'Credential'
      ? t('user {0}', asset.CredentialUsername ?? '—')
      : asset.ValueType === 'Text'
        ? (asset.StringValue ?? '').slice(0, 60)
        : (asset.Value ?? '');
  return {
    id: childId(scope, 'asset', asset.Id),
    label: asset.Name,
    description: `${asset.ValueType} · ${value}`,
    tooltip: table(asset.Name, [
      row(t('Type'), asset.ValueType),
      row(t('Scope'), asset.ValueScope),
      row(
        asset.ValueType === 'Credential' ? t('User') : t('Value'),
        asset.ValueType === 'Credential' ? asset.CredentialUsername : value,
      ),
    ]),
    icon: { id: asset.ValueType === 'Credential' ? 'key' : 'symbol-constant' },
    contextValue: ContextValue.asset,
    collapsible: 'none',
  };
}

/** The message an error node shows: what happened and what to do. */
export function describeFailure(error: unknown, what: string, where: string): string {
  if (error instanceof OrchestratorError) {
    if (error.status === 403)
      return t(
        'You lack the permission to see {0} in {1}.{2}',
        what,
        where,
        error.message ? ` (${error.message})` : '',
      );
    if (error.status === 401) return t('Your sign-in is not accepted. Sign in again.');
    if (error.status === 404) return t('{0} no longer exists.', where);
    if (error.status === 429)
      return error.retryAfter
        ? t('The service asks to slow down (retry in {0} s).', error.retryAfter)
        : t('The service asks to slow down.');
    if (error.kind === 'network' || error.kind === 'timeout') return t("Can't reach the service. {0}", error.message);
    if (error.kind === 'invalidResponse') return t('The service answered something unexpected: {0}', error.message);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
