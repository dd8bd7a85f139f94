import type { Package, Release } from '../../core/orchestrator/schemas';
import type { ItemData } from './items';
import { plainText } from '../../core/presentation/plainText';
import { ContextValue } from '../../core/rows/contextValues';
import { childId } from '../../core/rows/rowIds';
import { t } from '../../core/l10n';

/** What a folder's Packages row asks of each process: which package and version it runs. */
export const PACKAGE_USE_FIELDS = ['Id', 'Key', 'Name', 'ProcessKey', 'ProcessVersion', 'IsLatestVersion'] as const;
export type PackageUse = Pick<Release, (typeof PACKAGE_USE_FIELDS)[number]>;

/** A package that processes of a folder run: the versions they run (highest first) and the processes. */
export interface PackageInUse {
  id: string;
  versions: string[];
  processes: { name: string; version: string }[];
  /** The highest version in use, as the package row's commands take it (download, arguments, start). */
  package: Package;
}

/** Compares version texts part by part, numbers as numbers ("1.10.0" after "1.9.2"). */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.+-]/);
  const right = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const [x, y] = [left[i] ?? '', right[i] ?? ''];
    const difference = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The packages the given processes run, by package id. */
export function packagesInUse(processes: readonly PackageUse[]): PackageInUse[] {
  const byPackage = new Map<string, PackageUse[]>();
  for (const process of processes)
    byPackage.set(process.ProcessKey, [...(byPackage.get(process.ProcessKey) ?? []), process]);
  return [...byPackage.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, users]) => {
      const versions = [...new Set(users.map((u) => u.ProcessVersion))].sort((a, b) => compareVersions(b, a));
      const top = versions[0]!;
      // A process on the latest version says so: then the highest version in use is the package's latest.
      const latest = users.some((u) => u.ProcessVersion === top && u.IsLatestVersion);
      return {
        id,
        versions,
        processes: users
          .map((u) => ({ name: u.Name, version: u.ProcessVersion }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        package: { Id: id, Version: top, Key: `${id}:${top}`, IsLatestVersion: latest },
      };
    });
}

/** A package in use: its versions and who runs it. The tooltip is plain text (names come from the service). */
export function packageInUseItem(scope: string, usage: PackageInUse): ItemData & { plainTooltip: string } {
  const users = usage.processes.length === 1 ? usage.processes[0]!.name : t('{0} processes', usage.processes.length);
  return {
    id: childId(scope, 'package', usage.id),
    label: usage.id,
    description: t('{0} · used by {1}', usage.versions.join(', '), users),
    plainTooltip: [
      plainText(usage.id),
      plainText(t('Versions in use: {0}', usage.versions.join(', '))),
      t('Used by:'),
      ...usage.processes.map((p) => `  ${plainText(`${p.name} (${p.version})`)}`),
    ].join('\n'),
    icon: { id: 'package' },
    contextValue: ContextValue.package,
    collapsible: 'collapsed',
  };
}
