// Which collections the auto-refresh reloads (src/host/presentation/autoRefresh.ts).
import assert from 'node:assert/strict';
import { pickForAutoRefresh } from '../../../../src/host/presentation/autoRefresh';

describe('auto-refresh', () => {
  it('auto-refreshes only expanded, first-page collections while the view is visible and the budget is not under pressure', () => {
    const budget = { queued: 0, used: 5, budget: 50, paused: false };
    const rows = [
      { name: 'expanded', expanded: true, pagedBeyondFirst: false, budget },
      { name: 'collapsed', expanded: false, pagedBeyondFirst: false, budget },
      { name: 'paged', expanded: true, pagedBeyondFirst: true, budget },
      { name: 'queued', expanded: true, pagedBeyondFirst: false, budget: { ...budget, queued: 1 } },
      { name: 'busy', expanded: true, pagedBeyondFirst: false, budget: { ...budget, used: 25 } },
      { name: 'paused', expanded: true, pagedBeyondFirst: false, budget: { ...budget, paused: true } },
    ];
    assert.deepEqual(
      pickForAutoRefresh(rows, { visible: true, intervalSeconds: 30 }).map((r) => r.name),
      ['expanded'],
    );
    assert.deepEqual(
      pickForAutoRefresh(rows, { visible: false, intervalSeconds: 30 }),
      [],
      'nothing while the view is hidden',
    );
    assert.deepEqual(pickForAutoRefresh(rows, { visible: true, intervalSeconds: 0 }), [], 'nothing when turned off');
  });
});
