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

  /** The Ideas view folded away while these run, so the Orchestrator view has the height the rows need. */
  const ideasHeader = () => sidebar().locator('.pane-header', { hasText: 'Ideas' }).first();
  const foldIdeas = async (folded: boolean) => {
    if (((await ideasHeader().getAttribute('aria-expanded')) === 'true') === folded) await ideasHeader().click();
  };
  before(() => foldIdeas(true));
  after(() => foldIdeas(false));

  it('retries two failed items selected with Ctrl+click: one question naming 2, two AddQueueItem requests', async function () {
    this.timeout(120_000);
    const { page } = world;
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(/^Shared/);
    await expand(/^Queues/);
    await expand(/^OrderQueue/);
    await expand(/^Failed/);
    await rowsAt(6).first().waitFor({ timeout: 30_000 });
    // The status row's count comes after its rows, and redrawing the row draws its rows anew: a selection made before
    // would hold rows the tree no longer has. Select once the count is shown.
    const failed = rowsAt(5)
      .filter({ hasText: /^Failed/ })
      .first();
    await until(async () => /\d/.test(await failed.innerText()), 'the Failed row shows its count');
    // A click selects the first item, Ctrl+click adds the second (the Ideas view is folded: both are on screen).
    await rowsAt(6).nth(0).click();
    await rowsAt(6)
      .nth(1)
      .click({ modifiers: ['ControlOrMeta'] });
    const selected = sidebar().locator('.monaco-list-row.selected[aria-level="6"]');
    await until(async () => (await selected.count()) === 2, 'two items selected');
    await resetTally();
    await choose(selected.nth(1), 'Retry…');
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
    const { page } = world;
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    const names = async () => rowsAt(2).allInnerTexts();
    const mine = (n: string) => n.startsWith('Dev Lab') || n.includes(UNICODE_FOLDER);
    /** A plain click selects the folder and opens it: Left folds it again, keeping it selected. */
    const selectOnly = async (name: string | RegExp) => {
      await row(name).click();
      if ((await row(name).getAttribute('aria-expanded')) === 'true') await page.keyboard.press('ArrowLeft');
    };
    await row(UNICODE_FOLDER).waitFor({ timeout: 30_000 });
    await selectOnly(/^Dev Lab/);
    await row(UNICODE_FOLDER).click({ modifiers: ['ControlOrMeta'] });
    await until(
      async () => (await rowsAt(2).and(sidebar().locator('.selected')).count()) === 2,
      'two folders selected',
    );
    await resetTally();
    await choose(row(UNICODE_FOLDER), 'Hide Folder');
    await until(async () => !(await names()).some(mine), 'both folders hidden');
    assert.equal(
      Object.entries(await tally()).filter(([route]) => !route.startsWith('GET')).length,
      0,
      'hiding writes nothing to the service',
    );
    await choose(row('Sandbox'), 'Show Hidden Folders');
    await until(async () => (await names()).filter(mine).length === 2, 'the hidden folders are listed');
    await selectOnly(/^Dev Lab/);
    await row(UNICODE_FOLDER).click({ modifiers: ['ControlOrMeta'] });
    await choose(row(/^Dev Lab/), 'Unhide Folder');
    await until(
      async () => (await names()).filter((n) => mine(n) && !/hidden/.test(n)).length === 2,
      'both folders back, unmarked',
    );
  });
});
