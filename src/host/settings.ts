import type * as vscode from 'vscode';
import { DEFAULT_TAIL_LEVEL, isLogLevel, type LogLevel } from '../core/logs/logLines';

/**
 * The settings that choose where a credential goes (every URL of a connection, the sign-in redirect port) or weaken a
 * protection (read-only connections, the rate budget, the log cap) are the user's alone. The manifest gives them
 * `"scope": "application"`, and this module reads them from the user level only (`inspect(key).globalValue`), never
 * the merged value: an editor that ignored the scope, or a future change of it, still cannot let a repository's
 * `.vscode/settings.json` (or a folder or workspace file) send a token elsewhere. Every reader of these keys goes
 * through here.
 */
export const UserSettingKey = {
  connections: 'orchestrator.connections',
  loopbackPort: 'orchestrator.auth.loopbackPort',
  budgetPerMinute: 'orchestrator.rateLimit.budgetPerMinute',
  logMaxLines: 'orchestrator.logs.maxLines',
  // Also the user's: how often Jobs rows reload spends the tenant's shared request budget, and what a tail
  // downloads is a choice about the account's data, not about a repository.
  autoRefreshSeconds: 'orchestrator.explorer.autoRefreshSeconds',
  logMinimumLevel: 'orchestrator.logs.minimumLevel',
} as const;
export type UserSettingKey = (typeof UserSettingKey)[keyof typeof UserSettingKey];

/** The part of a WorkspaceConfiguration read here (`vscode.workspace.getConfiguration()`; a plain object in tests). */
export type SettingsSource = Pick<vscode.WorkspaceConfiguration, 'inspect'>;

export interface UserSettings {
  /** The raw list (validated by readConnections): undefined when the user has none. */
  connections: unknown;
  loopbackPort: number;
  budgetPerMinute: number;
  logMaxLines: number;
  autoRefreshSeconds: number;
  logMinimumLevel: LogLevel;
}

/** Same bounds and defaults as package.json: a hand-edited value outside them falls back to the default. */
const integerIn =
  (min: number, max: number, fallback: number) =>
  (value: unknown): number =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;

const readers = {
  loopbackPort: integerIn(0, 65535, 0),
  budgetPerMinute: integerIn(1, 1000, 50),
  logMaxLines: integerIn(100, 1_000_000, 10_000),
  autoRefreshSeconds: integerIn(0, 3600, 30),
  logMinimumLevel: (value: unknown): LogLevel => (isLogLevel(value) ? value : DEFAULT_TAIL_LEVEL),
};

/** The value the user set in user settings, ignoring workspace, workspace-folder and language-specific values. */
export function userLevelValue(source: SettingsSource, key: UserSettingKey): unknown {
  return source.inspect<unknown>(key)?.globalValue;
}

export function userSettings(source: SettingsSource): UserSettings {
  return {
    connections: userLevelValue(source, UserSettingKey.connections),
    loopbackPort: readers.loopbackPort(userLevelValue(source, UserSettingKey.loopbackPort)),
    budgetPerMinute: readers.budgetPerMinute(userLevelValue(source, UserSettingKey.budgetPerMinute)),
    logMaxLines: readers.logMaxLines(userLevelValue(source, UserSettingKey.logMaxLines)),
    autoRefreshSeconds: readers.autoRefreshSeconds(userLevelValue(source, UserSettingKey.autoRefreshSeconds)),
    logMinimumLevel: readers.logMinimumLevel(userLevelValue(source, UserSettingKey.logMinimumLevel)),
  };
}
