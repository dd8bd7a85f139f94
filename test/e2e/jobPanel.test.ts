import assert from 'node:assert/strict';
import { signIn } from '@orchestrator-workbench/sandbox/test-helpers';
import { eq } from '../../src/core/odata/filter';
import { OrchestratorClient } from '../../src/core/orchestrator/client';
import { screenshot, world } from './world';
import { collapseAll, expand, palette, printConsoleOnFailure, sidebar, webview } from './ui';

/** The sandbox's job with a 1,000,000-line log (Shared), found over the API as a user would copy its key. */
async function longJobKey(): Promise<string> {
  const tokens = await signIn(world.sandbox, 'developer');
  const client = new OrchestratorClient({
    connection: { kind: 'cloud', serviceUrl: world.sandbox.url, account: 'sandbox', tenant: 'main' },
    fetch: (url, init) => fetch(url, init),
    token: async () => tokens.access_token,
  });
  const shared = (await client.folders.list({ query: { filter: eq('DisplayName', 'Shared'), top: 1 } })).items[0]!;
  const jobs = await client.jobs.list({
    folder: { id: shared.Id },
    query: { filter: eq('Info', 'Long history job'), top: 1 },
  });
  return jobs.items[0]!.Key;
}

describe('Job panel (UI, large sandbox)', () => {
  printConsoleOnFailure();

  it('a click on a job row opens its panel: fields, info and the log inline', async function () {
    this.timeout(180_000);
    const { page } = world;
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(/^Shared/);
    await expand(/^Jobs/);
    const job = sidebar().locator('.monaco-list-row[aria-level="4"]', { hasText: /#\d+/ }).first();
    await job.waitFor({ timeout: 30_000 });
    const label = (await job.locator('.label-name').first().textContent())?.trim() ?? '';
    await job.click();
    const frame = webview();
    await frame.locator('#job-details').waitFor({ timeout: 30_000 });
    await frame.locator('h1 .title', { hasText: label }).waitFor();
    await frame.locator('#log-lines .log-row .log-time').first().waitFor({ timeout: 30_000 });
    await page
      .locator('.tab', { hasText: `Job: ${label}` })
      .first()
      .waitFor();
  });

  it('shows a 1,000,000-line log: the end, a level, find and the first error, by keyboard', async function () {
    this.timeout(240_000);
    const { page } = world;
    const key = await longJobKey();
    await palette('Orchestrator: Show Job');
    const input = page.locator('.quick-input-widget input');
    await page
      .locator('.quick-input-widget .quick-input-title', { hasText: 'Show Job: folder' })
      .waitFor({ timeout: 30_000 });
    await input.fill('Shared');
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: /^Shared/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Show Job: key' }).waitFor();
    await input.fill('not a key');
    await page.locator('.quick-input-widget .quick-input-message', { hasText: 'not a job key' }).waitFor();
    await input.fill(key);
    await page.keyboard.press('Enter');

    const frame = webview();
    // The new panel, not the one the test before left open: until it is ready, that one is the last webview.
    await frame.locator('#job-info', { hasText: 'Long history job' }).waitFor({ timeout: 60_000 });
    const position = frame.locator('.counter');
    // The level of the tails' setting at first (Information); Trace and above is the whole log.
    await frame.locator('#log-level').waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('#log-level').inputValue(), 'Information');
    await frame.locator('#log-level').selectOption('Trace');
    await position.filter({ hasText: /^Line 1 of 1,000,000$/ }).waitFor({ timeout: 60_000 });
    await frame.locator('#log-lines .log-row .log-message', { hasText: /execution started$/ }).waitFor();
    // The keyboard: the list takes focus; End goes to the last line, read from the far end of the log.
    await frame.locator('#log-lines').focus();
    await page.keyboard.press('End');
    const lastRow = frame.locator('#log-lines .log-row', { hasText: /execution ended$/ });
    await lastRow.waitFor({ timeout: 60_000 });
    assert.equal(await lastRow.locator('.log-no').textContent(), '1,000,000');
    // The middle, by the scroll bar: half way down shows lines near 500,000, read after an anchor.
    await frame.locator('#log-lines').evaluate((list) => {
      list.scrollTop = (list.scrollHeight - list.clientHeight) / 2;
    });
    await frame
      .locator('#log-lines .log-row:not(.pending) .log-no', { hasText: /^50\d,\d{3}$/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await screenshot('27-job-panel-log');
    // Errors only: the count changes and every line shown is an error.
    await frame.locator('#log-level').selectOption('Error');
    await position.filter({ hasText: /of (?!1,000,000)[\d,]+$/ }).waitFor({ timeout: 60_000 });
    await frame.locator('#log-lines .log-row.level-error').first().waitFor({ timeout: 60_000 });
    assert.equal(await frame.locator('#log-lines .log-row:not(.level-error):not(.pending)').count(), 0);
    // Back to all lines; the first error and a search, each marking the line it found.
    await frame.locator('#log-level').selectOption('Trace');
    await position.filter({ hasText: /of 1,000,000$/ }).waitFor({ timeout: 60_000 });
    await frame.locator('#log-first-error').click();
    await frame.locator('#log-lines .log-row.marked.level-error').waitFor({ timeout: 60_000 });
    await frame.locator('#log-search').fill('INV-20777');
    await frame.locator('#log-search').press('Enter');
    await frame
      .locator('#log-lines .log-row.marked .log-message', { hasText: 'INV-20777' })
      .waitFor({ timeout: 60_000 });
  });
});
