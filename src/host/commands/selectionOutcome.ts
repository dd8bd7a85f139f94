import * as vscode from 'vscode';
import { plainText } from '../../core/presentation/plainText';
import type { Services } from '../services';
import { t } from '../../core/l10n';
import { tellOutcomeUnknown } from './unknownOutcome';

/**
 * What happened to each row of a selection a command acted on (Stop, Retry, Delete of several), and the one summary
 * the user reads afterwards: what was done, and by name what failed, what is unknown and what was left out.
 */
export interface RowOutcome {
  /** The row as the user knows it: a job's process and id, an item's reference. */
  readonly name: string;
  readonly outcome: 'done' | 'failed' | 'unknown' | 'leftOut';
  readonly reason?: string;
}

/** The counts a command returns (the integration suite reads them). */
export type OutcomeCounts = Record<RowOutcome['outcome'], number>;

/** How many names a summary lists of each kind before "and N more" (the log has them all). */
const NAMED = 5;

export function countOutcomes(outcomes: readonly RowOutcome[]): OutcomeCounts {
  const counts: OutcomeCounts = { done: 0, failed: 0, unknown: 0, leftOut: 0 };
  for (const { outcome } of outcomes) counts[outcome]++;
  return counts;
}

const named = (outcomes: readonly RowOutcome[], limit = NAMED) => {
  const listed = outcomes
    .slice(0, limit)
    .map((o) => (o.reason ? t('{0}: {1}', o.name, o.reason) : o.name))
    .join('; ');
  return outcomes.length > limit ? t('{0}; and {1} more', listed, outcomes.length - limit) : listed;
};

/**
 * "2 stopped; 1 failed: Reconcile (job 41): already finished (Successful)." `done(count)` words what was done
 * ("{0} stopped"); `check` says how to find out what an unknown outcome became.
 */
export function summaryOf(outcomes: readonly RowOutcome[], done: (count: number) => string, check: string): string {
  const of = (kind: RowOutcome['outcome']) => outcomes.filter((o) => o.outcome === kind);
  const parts = [done(of('done').length)];
  const failed = of('failed');
  if (failed.length) parts.push(t('{0} failed: {1}', failed.length, named(failed)));
  const unknown = of('unknown');
  if (unknown.length)
    parts.push(t('{0} unknown (sent, no clean answer): {1}. {2}', unknown.length, named(unknown), check));
  const leftOut = of('leftOut');
  if (leftOut.length) parts.push(t('{0} left out: {1}', leftOut.length, named(leftOut)));
  return `${parts.join('; ')}.`;
}

/**
 * Tells the summary once: as information when everything was done, as a warning naming the failures otherwise, and
 * with `check` (a way to look) when an outcome is unknown. Every outcome is also written to the log by name.
 */
export function tellSelectionOutcome(
  ctx: Pick<Services, 'log'>,
  outcomes: readonly RowOutcome[],
  words: { done: (count: number) => string; check: string; look: Record<string, () => Promise<void> | void> },
): OutcomeCounts {
  const counts = countOutcomes(outcomes);
  const summary = summaryOf(outcomes, words.done, words.check);
  for (const o of outcomes)
    if (o.outcome !== 'done') ctx.log.info(`${o.outcome}: ${o.name}${o.reason ? ` (${o.reason})` : ''}`);
  if (counts.unknown > 0) tellOutcomeUnknown(ctx, summary, words.look);
  else if (counts.failed > 0) {
    ctx.log.warn(summary);
    void vscode.window.showWarningMessage(plainText(summary));
  } else {
    ctx.log.info(summary);
    void vscode.window.showInformationMessage(plainText(summary));
  }
  return counts;
}
