import { strict as assert } from 'node:assert';
import { eq } from '../../../src/core/odata/filter';
import { JobLogWindow } from '../../../src/core/logs/logWindow';
import { jobLogPages } from '../../../src/core/logs/logPages';
import { folderId, useCoreSandbox } from './fixtures';

describe('Job log window against the sandbox (real HTTP, the million-line log)', function () {
  this.timeout(120_000);
  const fx = useCoreSandbox({ scale: 'large', rateLimitPerMinute: 100_000 });

  it('reads the last line, a line in the middle and the first error of 1,000,000 without passing the window', async () => {
    const client = await fx.client();
    const folder = { id: await folderId(client, 'Shared') };
    const jobs = await client.jobs.list({ folder, query: { filter: eq('Info', 'Long history job'), top: 1 } });
    const job = jobs.items[0];
    assert.ok(job, 'the sandbox seeds the long job');
    const window = new JobLogWindow(jobLogPages(client, folder), { jobKey: job.Key, maxCachedLines: 2_000 });
    assert.equal(await window.total(), 1_000_000);
    const [first] = await window.read(0, 1);
    assert.ok(first && 'line' in first && /execution started$/.test(first.line.Message));
    const [last] = await window.read(999_999, 1_000_000);
    assert.ok(last && 'line' in last && /execution ended$/.test(last.line.Message));
    assert.equal(last.line.Id - first.line.Id, 999_999, 'the last line is the millionth');
    const middle = await window.read(500_000, 500_200);
    assert.equal(middle.length, 200);
    // Line ids follow the line numbers in the sandbox's computed log: each line is the one asked for.
    assert.ok(middle.every((s, k) => 'line' in s && s.line.Id === first.line.Id + 500_000 + k));
    const error = await window.firstAtLeast('Error');
    assert.ok(error !== undefined && error < 1_000);
    const [line] = await window.read(error, error + 1);
    assert.ok(line && 'line' in line && line.line.Level === 'Error');
    assert.ok(window.cachedLines <= 2_000);
  });
});
