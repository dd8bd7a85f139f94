import assert from 'node:assert/strict';
import { typeInPalette } from './ui';
import { screenshot, world } from './world';

describe('Orchestrator view container (UI)', () => {
  it('shows the Orchestrator icon in the activity bar and opens the Orchestrator and Ideas views', async () => {
    const { page } = world;
    const icon = page.locator('.activitybar [aria-label^="Orchestrator"]').first();
    await icon.waitFor({ timeout: 30_000 });
    await icon.click();
    const sidebar = page.locator('.part.sidebar');
    await sidebar.locator('.pane-header', { hasText: 'Orchestrator' }).first().waitFor();
    await sidebar.locator('.pane-header', { hasText: 'Ideas' }).first().waitFor();
    // The sandbox connection is configured but nobody is signed in yet: the tree says so.
    const connection = sidebar.locator('.monaco-list-row', { hasText: 'Sandbox' }).first();
    await connection.waitFor({ timeout: 20_000 });
    assert.match(await connection.innerText(), /signed out/);
    await screenshot('01-orchestrator-view');
  });

  it('runs a command from the palette and shows its result', async () => {
    const { page } = world;
    await typeInPalette('>Orchestrator: Show Version Information');
    const entry = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Version Information' }).first();
    await entry.waitFor();
    await page.keyboard.press('Enter');
    const toast = page
      .locator('.notifications-toasts .notification-toast', { hasText: 'Orchestrator Workbench' })
      .first();
    await toast.waitFor({ timeout: 20_000 });
    const text = await toast.innerText();
    assert.match(text, /Orchestrator Workbench \d+\.\d+\.\d+ on .+ \(web\)/);
    await screenshot('02-version-notification');
  });
});
