import { strict as assert } from 'node:assert';
import { runHistoryView } from '../../../src/host/presentation/runHistoryView';
import { runHistoryView as schema } from '../../../src/shared/protocol/runHistory';
import { aJob } from '../../support/entities';
import * as z from 'zod/mini';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();

describe('run history in the job panel', () => {
  it('counts, rates and durations in the reader’s words, and a bar per duration bucket', () => {
    const jobs = [
      aJob({ Key: 'k1', State: 'Successful', StartTime: at(0), EndTime: at(2), Source: 'Manual' }),
      aJob({ Key: 'k2', State: 'Faulted', StartTime: at(10), EndTime: at(11), Source: 'Schedule' }),
      aJob({ Key: 'k3', State: 'Successful', StartTime: at(20), EndTime: at(24), Source: 'Schedule' }),
      aJob({ Key: 'k4', State: 'Running', StartTime: at(30), EndTime: null, Source: 'Schedule' }),
    ];
    const view = runHistoryView('Invoice.Processing_Production', jobs, Date.parse(at(31)));
    assert.ok(z.safeParse(schema, view).success, 'the panel protocol accepts it');
    assert.deepEqual([view.successful, view.faulted, view.stopped, view.unfinished], [2, 1, 0, 1]);
    assert.equal(view.successRate, '67 %');
    assert.equal(view.median, '2 min');
    assert.equal(view.p95, '4 min');
    assert.deepEqual(view.sources, [
      { source: 'Schedule', count: 3 },
      { source: 'Manual', count: 1 },
    ]);
    assert.deepEqual(
      view.runs.map((r) => [r.key, r.duration]),
      [
        ['k1', '2 min'],
        ['k2', '1 min'],
        ['k3', '4 min'],
        ['k4', '1 min'],
      ],
    );
    assert.equal(
      view.chart.reduce((sum, b) => sum + b.count, 0),
      3,
      'the finished runs',
    );
  });

  it('no runs, and runs that never finished, give no rate and no durations', () => {
    assert.deepEqual(runHistoryView('P', []).runs, []);
    const pending = runHistoryView('P', [aJob({ State: 'Pending', StartTime: null, EndTime: null })]);
    assert.equal(pending.successRate, null);
    assert.equal(pending.median, null);
    assert.deepEqual(pending.chart, []);
    assert.equal(pending.runs[0]!.duration, null);
  });
});
