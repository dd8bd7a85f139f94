import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { world } from './world';
import { collapseAll, expand, resetTally, row, sidebar, tally, UNICODE_FOLDER } from './ui';

// Issue 32, item 4: rows selected with Ctrl+click in the real tree, and one command run on all of them, as the editor
// hands it (clicked, selected[]) to the extension.
describe('Multi-select in the Orchestrator tree (UI, large sandbox)', () => {
  /** The rows of the Orchestrator view at a depth (1: connections, 2: folders, …). */
  const rowsAt = (level: number) =>
    sidebar().locator('.pane-body').nth(0).locator(`.monaco-list-row[aria-level="${level}"]`);
  const choose = async (target: Locator, action: string) => {
    await target.click({ button: 'right' });
    const item = world.page.locator('.monaco-menu .action-label', { hasText: new RegExp(`^${action}$`) }).first();
    await item.waitFor();
    await item.hover();
    await world.page.keyboard.press('Enter');
  };
  const until = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 150; i++) {
      if (await check()) return;
      await world.page.waitForTimeout(200);
    }
    assert.fail(what);
  };

  it('retries two failed items selected with Ctrl+click: one question naming 2, two AddQueueItem requests', async function () {
    this.timeout(120_000);
    const { page } = world;
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(/^Shared/);
    await expand(/^Queues/);
    await expand(/^OrderQueue/);
    await expand(/^Failed/);
    const items = rowsAt(6);
    await items.nth(1).waitFor({ timeout: 30_000 });
    await items.nth(0).click();
    await items.nth(1).click({ modifiers: ['ControlOrMeta'] });
    assert.equal(await sidebar().locator('.monaco-list-row.selected').count(), 2, 'two rows selected');
    await resetTally();
    await choose(items.nth(1), 'Retry…');
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'Retry 2 failed items of OrderQueue?' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.locator('.monaco-button', { hasText: /^Retry$/ }).click();
    const adds = async () =>
      Object.entries(await tally())
        .filter(([route]) => route.startsWith('POST') && route.includes('AddQueueItem'))
        .reduce((sum, [, n]) => sum + n, 0);
    await until(async () => (await adds()) === 2, 'two AddQueueItem requests');
    await page.locator('.notification-toast', { hasText: '2 added again.' }).first().waitFor({ timeout: 15_000 });
    assert.equal(await adds(), 2, 'each item sent once');
  });

  it('hides two folders selected with Ctrl+click at once, and unhides both the same way', async function () {
    this.timeout(120_000);
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    const names = async () => rowsAt(2).allInnerTexts();
    const shown = (name: string | RegExp) => row(name);
    await shown(/^Dev Lab/).waitFor({ timeout: 30_000 });
    await shown(/^Dev Lab/).click();
    await shown(UNICODE_FOLDER).click({ modifiers: ['ControlOrMeta'] });
    await resetTally();
    await choose(shown(UNICODE_FOLDER), 'Hide Folder');
    await until(
      async () => !(await names()).some((n) => n.startsWith('Dev Lab') || n.includes(UNICODE_FOLDER)),
      'both folders hidden',
    );
    assert.equal(
      Object.entries(await tally()).filter(([route]) => !route.startsWith('GET')).length,
      0,
      'hiding writes nothing to the service',
    );
    await choose(row('Sandbox'), 'Show Hidden Folders');
    await until(async () => (await names()).some((n) => n.startsWith('Dev Lab')), 'the hidden folders are listed');
    await shown(/^Dev Lab/).click();
    await shown(UNICODE_FOLDER).click({ modifiers: ['ControlOrMeta'] });
    await choose(shown(/^Dev Lab/), 'Unhide Folder');
    await until(
      async () => (await names()).filter((n) => n.startsWith('Dev Lab') || n.includes(UNICODE_FOLDER)).length === 2,
      'both folders back, unmarked',
    );
    assert.ok((await names()).every((n) => !/hidden/.test(n)));
  });
});
