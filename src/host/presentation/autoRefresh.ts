/**
 * Which collections the auto-refresh reloads on a tick: none while the view is hidden or the setting is off; of the
 * rest only the expanded ones whose tenant's rate-limit budget is not under pressure, and none the user paged beyond
 * the first page of (a reload would throw away what they loaded). Pure, so the rule is unit-tested.
 */
export interface RefreshCandidate {
  expanded: boolean;
  pagedBeyondFirst: boolean;
  /** The tenant's scheduler: requests waiting, used of budget, paused after a 429. */
  budget: { queued: number; used: number; budget: number; paused: boolean };
}

export function pickForAutoRefresh<T extends RefreshCandidate>(
  candidates: readonly T[],
  options: { visible: boolean; intervalSeconds: number },
): T[] {
  if (!options.visible || options.intervalSeconds <= 0) return [];
  return candidates.filter(
    (c) =>
      c.expanded &&
      !c.pagedBeyondFirst &&
      !c.budget.paused &&
      c.budget.queued === 0 &&
      c.budget.used < c.budget.budget / 2,
  );
}
