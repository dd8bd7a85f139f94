// Upload Package… from the File Explorer's context menu, as a user right-clicks a .nupkg in their workspace: the
// package (built by the test) reaches the service in one UploadPackage, and the notification names it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildNupkg } from '@orchestrator-workbench/sandbox/test-nupkg';
import { screenshot, world } from './world';
import { quickInputSteps, resetTally, sidebar, tally, writes } from './ui';

describe('Upload Package from the File Explorer (UI, large sandbox)', () => {
  // The specs after this one read the Orchestrator view: it comes back in the side bar.
  after(async () => {
    await world.page.keyboard.press('Escape');
    await world.page.locator('.activitybar [aria-label^="Orchestrator"]').first().click();
    await sidebar().locator('.pane-header', { hasText: 'Orchestrator' }).first().waitFor({ timeout: 15_000 });
  });

  it('uploads a .nupkg from its context menu: one request, and the notification names the new version', async function () {
    this.timeout(120_000);
    const { page } = world;
    const name = 'Ui.Upload.1.0.0.nupkg';
    writeFileSync(join(world.editor.workspace, name), buildNupkg({ id: 'Ui.Upload', version: '1.0.0' }));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+E');
    const file = sidebar().locator('.monaco-list-row', { hasText: name }).first();
    await file.waitFor({ timeout: 30_000 });
    await resetTally();
    await file.click({ button: 'right' });
    const item = page.locator('.monaco-menu .action-label', { hasText: 'Upload Package…' }).first();
    await item.waitFor({ timeout: 10_000 });
    await screenshot('28-upload-package-context-menu');
    await item.hover();
    await page.keyboard.press('Enter');
    const { quickInput } = quickInputSteps();
    const title = quickInput.locator('.quick-input-title');
    await title.first().waitFor({ timeout: 20_000 });
    // Several signed-in connections are offered first; the folder comes next.
    if (/to which connection\?/.test(await title.first().innerText())) {
      await page.keyboard.type('Sandbox');
      await page.keyboard.press('Enter');
    }
    await quickInput
      .locator('.quick-input-title', { hasText: 'the folder whose processes may use it' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.type('Shared');
    await quickInput
      .locator('.quick-input-list .monaco-list-row', { hasText: /^Shared/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    const toast = page
      .locator('.notification-toast', { hasText: /Uploaded Ui\.Upload 1\.0\.0 to Sandbox.*: the latest version\./ })
      .first();
    await toast.waitFor({ timeout: 30_000 });
    const counts = await tally();
    assert.equal(writes(counts, 'POST'), 1, JSON.stringify(counts));
    assert.ok(
      Object.keys(counts).some((route) => route.startsWith('POST ') && route.includes('UploadPackage')),
      JSON.stringify(counts),
    );
  });
});
