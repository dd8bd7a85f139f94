// Issue 31, run history: a process's recent runs → success rate, median and p95 duration of finished runs, who
// started them, and a small duration chart; the edge cases a real tenant has (none, all running, one, skewed clocks).
import assert from 'node:assert/strict';
import { durationBuckets, percentile, runHistory, type HistoryJob } from '../../../../src/core/jobs/runHistory';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
function run(state: string, seconds: number | null, source: string | null = 'Manual'): HistoryJob {
  return {
    State: state,
    Source: source,
    CreationTime: at(0),
    StartTime: at(0),
    EndTime: seconds === null ? null : at(seconds * 1000),
  };
}

describe('run history statistics', () => {
  it('counts states, the success rate of finished runs, median and p95 of their durations, and who started them', () => {
    const jobs = [
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90].map((s) => run('Successful', s, 'Schedule: nightly')),
      run('Faulted', 100, 'Manual'),
      run('Stopped', 5, 'Manual'),
      run('Running', null, 'Agent'),
      run('Pending', null, null),
    ];
    const history = runHistory(jobs, { buckets: 4 });
    assert.deepEqual(
      [history.runs, history.unfinished, history.successful, history.faulted, history.stopped, history.measured],
      [13, 2, 9, 1, 1, 11],
    );
    assert.equal(history.successRate, 9 / 11);
    assert.equal(history.medianMs, 50_000);
    assert.equal(history.p95Ms, 100_000);
    assert.deepEqual(history.sources, [
      { source: 'Schedule: nightly', count: 9 },
      { source: 'Manual', count: 2 },
      { source: 'Agent', count: 1 },
      { count: 1 },
    ]);
    assert.deepEqual(
      history.chart.map((b) => b.count),
      [3, 3, 2, 3], // 5 to 100 s in widths of 23.75 s
    );
    assert.deepEqual([history.chart[0]!.fromMs, history.chart.at(-1)!.toMs], [5_000, 100_000]);
    assert.equal(
      history.chart.reduce((n, b) => n + b.count, 0),
      history.measured,
    );
  });

  it('with no runs: zero counts and no rate, durations or chart', () => {
    const history = runHistory([]);
    assert.deepEqual(history, {
      runs: 0,
      unfinished: 0,
      successful: 0,
      faulted: 0,
      stopped: 0,
      measured: 0,
      missingTimes: 0,
      clockSkew: 0,
      sources: [],
      chart: [],
    });
  });

  it('with every run still running: counted as unfinished, no rate and no durations', () => {
    const history = runHistory([run('Running', null), run('Pending', null), run('Suspended', null)]);
    assert.deepEqual(
      [history.runs, history.unfinished, history.successRate, history.medianMs],
      [3, 3, undefined, undefined],
    );
    assert.deepEqual(history.chart, []);
  });

  it('with one run: its duration is median and p95, one bucket', () => {
    const history = runHistory([run('Faulted', 42)]);
    assert.deepEqual([history.successRate, history.medianMs, history.p95Ms], [0, 42_000, 42_000]);
    assert.deepEqual(history.chart, [{ fromMs: 42_000, toMs: 42_000, count: 1 }]);
  });

  it('counts a run that ended before it started, or lacks a time, as finished but not measured', () => {
    const skewed = { ...run('Successful', 0), StartTime: at(5_000), EndTime: at(1_000) };
    const noStart = { ...run('Successful', 30), StartTime: null };
    const badEnd = { ...run('Faulted', 30), EndTime: 'yesterday' };
    const history = runHistory([skewed, noStart, badEnd, run('Successful', 8)]);
    assert.deepEqual(
      [history.successful, history.faulted, history.measured, history.clockSkew, history.missingTimes],
      [3, 1, 1, 1, 2],
    );
    assert.equal(history.successRate, 3 / 4);
    assert.deepEqual([history.medianMs, history.p95Ms], [8_000, 8_000]);
  });

  it('takes the median of an even count as the mean of the middle pair, p95 by nearest rank', () => {
    assert.equal(percentile([1, 2, 3, 4], 0.5), 2.5);
    assert.equal(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        0.95,
      ),
      19,
    );
    assert.equal(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
      95,
    );
    assert.equal(percentile([], 0.95), undefined);
  });

  it('puts the longest run in the last bucket and never makes an empty chart for measured runs', () => {
    assert.deepEqual(
      durationBuckets([0, 10, 20], 2).map((b) => [b.fromMs, b.toMs, b.count]),
      [
        [0, 10, 1],
        [10, 20, 2],
      ],
    );
    assert.equal(durationBuckets([7, 7, 7], 8).length, 1);
    assert.equal(durationBuckets([1, 2], 0).length, 1);
  });
});
