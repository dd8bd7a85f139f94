import assert from 'node:assert/strict';
import { screenshot, world } from './world';

describe('Orchestrator tree (UI)', () => {
  it('expands the signed-in tenant, a folder and its jobs, and offers the folder actions', async function () {
    this.timeout(60_000);
    const { page } = world;
    const sidebar = page.locator('.part.sidebar');
    const row = (text: string | RegExp) => sidebar.locator('.monaco-list-row', { hasText: text }).first();
    const expand = async (text: string | RegExp) => {
      const target = row(text);
      await target.waitFor({ timeout: 20_000 });
      if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
    };
    await expand('Sandbox');
    await expand(/^Shared/);
    await expand(/^Jobs/);
    await row(/Successful|Faulted|Stopped/).waitFor({ timeout: 20_000 });
    await expand(/^Processes/);
    await row(/_Production/).waitFor();
    await screenshot('05-orchestrator-tree');
    await row(/^Shared/).click({ button: 'right' });
    const menu = page.locator('.monaco-menu .action-label', { hasText: 'Set as Active Folder' }).first();
    await menu.waitFor();
    await screenshot('06-folder-context-menu');
    await menu.hover();
    await page.keyboard.press('Enter');
    const status = page.locator('.statusbar-item', { hasText: 'Sandbox › Shared' }).first();
    await status.waitFor({ timeout: 10_000 });
    assert.match(await status.innerText(), /Sandbox › Shared/);
  });
});
