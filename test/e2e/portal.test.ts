import assert from 'node:assert/strict';
import { collapseAll, expand, row, UNICODE_FOLDER } from './ui';
import { screenshot, world } from './world';

describe('Open in Web Portal (UI, the sandbox’s portal)', () => {
  it('opens a job row’s page in a new browser tab, and the page names the job', async function () {
    this.timeout(120_000);
    const { page } = world;
    // From the top of the tree, whatever the test before left expanded or scrolled.
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(UNICODE_FOLDER);
    await expand(/^Jobs/);
    const job = row(/Successful|Faulted|Stopped/);
    await job.waitFor({ timeout: 30_000 });
    const label = (await job.locator('.label-name').first().innerText()).trim();
    await job.click({ button: 'right' });
    const item = page.locator('.monaco-menu .action-label', { hasText: /^Open in Web Portal$/ }).first();
    await item.waitFor();
    await item.hover();
    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await page.keyboard.press('Enter');
    const portal = await opened;
    try {
      const heading = portal.locator('h1#name');
      await heading.waitFor({ timeout: 30_000 });
      const name = await heading.innerText();
      assert.ok(name.startsWith(`${label} (job `), `the page names the job: '${name}' for row '${label}'`);
      assert.match(portal.url(), /\/folders\/\d+\/jobs\/\d+$/);
      await screenshot('24-web-portal-job', portal);
    } finally {
      await portal.close();
    }
  });
});
