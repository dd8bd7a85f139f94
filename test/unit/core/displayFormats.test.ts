import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatNumber, loadBundle } from '../../../src/core/l10n';
import { localTime, relativeTime } from '../../../src/core/presentation/times';
import { jobItem, packageItem, packageVersionItem, queueItemItem } from '../../../src/host/presentation/items';
import { alertItem, tenantItem } from '../../../src/host/presentation/tenantItems';
import { ideaItem } from '../../../src/host/presentation/ideaItems';
import { aJob, anAlert, anIdea, aPackage, aQueueItem, aTenant } from '../../support/entities';

const ROOT = join(__dirname, '..', '..', '..');
const NOW = Date.parse('2026-11-21T12:00:00Z');
/** A service's time as it arrives: `2026-11-21T11:57:00Z`, with or without fractions and offset. */
const RAW_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?/;

describe('numbers and times in the display language', () => {
  afterEach(() => loadBundle(undefined, 'en'));

  it('writes numbers as the display language does (German 1.234), whatever the tag', () => {
    loadBundle(undefined, 'en');
    assert.equal(formatNumber(1234), '1,234');
    loadBundle(undefined, 'de');
    assert.equal(formatNumber(1234), '1.234');
    assert.equal(formatNumber(1234.5), '1.234,5');
    loadBundle(undefined, 'fr');
    assert.match(formatNumber(1234), /^1\s234$/);
    for (const odd of ['qps-ploc', 'not a tag!', '']) {
      loadBundle(undefined, odd);
      assert.match(formatNumber(1234), /^1\D?234$/, `${odd}: the runtime's own, no failure`);
    }
  });

  it('shows a service time as local date and time, then how long ago (a fixed clock)', () => {
    assert.match(localTime('2026-11-21T11:57:00Z', NOW, 'UTC')!, /^Nov 21, 2026, 11:57\sAM \(3 min ago\)$/);
    assert.match(localTime('2026-11-21T11:57:00.123Z', NOW, 'America/New_York')!, /^Nov 21, 2026, 6:57\sAM \(3 min/);
    loadBundle(undefined, 'de');
    assert.equal(localTime('2026-11-21T11:57:00Z', NOW, 'Europe/Berlin'), '21.11.2026, 12:57 (3 min ago)');
    assert.equal(localTime('2026-11-20T12:00:00Z', NOW, 'Europe/Berlin'), '20.11.2026, 13:00 (1 d ago)');
    assert.equal(localTime('2026-11-21T12:05:00Z', NOW, 'UTC'), '21.11.2026, 12:05', 'ahead of the clock: no "ago"');
    assert.equal(localTime(null, NOW), undefined);
    assert.equal(localTime('', NOW), undefined);
    assert.equal(localTime('not a time', NOW), 'not a time', 'service text that is no time stays itself');
    assert.equal(relativeTime('2026-11-21T12:00:30Z', NOW), '0 s ago', 'clock skew reads as now');
  });

  it('no tooltip of a job, queue item, package, alert, tenant or idea shows a raw …T…Z time', () => {
    const at = '2026-11-21T11:57:00Z';
    const job = aJob({ Id: 1, Key: 'k', State: 'Successful', CreationTime: at, StartTime: at, EndTime: at });
    const pkg = aPackage({ Id: 'P', Key: 'P:1.0.1', Version: '1.0.1', IsLatestVersion: true, Published: at });
    const tooltips = {
      job: jobItem('s', job, NOW).tooltip,
      queueItem: queueItemItem('s', aQueueItem({ Id: 1, Status: 'New', CreationTime: at }), NOW).tooltip,
      package: packageItem('s', pkg).tooltip,
      packageVersion: packageVersionItem('s', pkg).tooltip,
      alert: alertItem(
        's',
        anAlert({ Id: 'a1', NotificationName: 'n', Severity: 'Info', State: 'Read', CreationTime: at }),
        NOW,
      ).tooltip,
      tenant: tenantItem('s', aTenant({ Id: 1, Name: 'T', IsActive: true, LastLoginTime: at })).tooltip,
      idea: ideaItem('s', anIdea({ id: 1, name: 'I', phase: 'p', status: 's', createdAt: at }), lookups(), NOW).tooltip,
    };
    for (const [kind, tooltip] of Object.entries(tooltips)) {
      assert.ok(tooltip, kind);
      assert.doesNotMatch(tooltip, RAW_TIME, kind);
    }
    assert.match(
      tooltips.job!,
      /\| Created \| \w{3} \d+\\, 2026\\, .*\\\(3 min ago\\\) \|/,
      'local time, then how long ago',
    );
  });

  it('no code formats a number or a date in a fixed locale (src/ and webviews/)', () => {
    const fixed = [
      // toLocaleString and its kin take the display language's tag, never a literal or the runtime's default
      /\.toLocale(Date|Time)?String\((?!displayLocale\(\))/,
      /\bIntl\.\w+\(\s*['"`[]/,
      /\.supportedLocalesOf\(\s*['"`]/,
      /['"`]en(-[A-Za-z]{2})?['"`]\s*[,)]/,
    ];
    const found: string[] = [];
    for (const dir of ['src', 'webviews'])
      for (const entry of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
        if (!entry.endsWith('.ts')) continue;
        const file = join(ROOT, dir, entry);
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, n) => {
            if (fixed.some((pattern) => pattern.test(line)))
              found.push(`${relative(ROOT, file)}:${n + 1}: ${line.trim()}`);
          });
      }
    assert.deepEqual(found, [], 'use formatNumber (src/core/l10n.ts) or displayLocale()');
  });
});

function lookups() {
  return { users: new Map<number, string>(), categories: new Map<number, string>() };
}
