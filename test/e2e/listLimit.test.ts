// A list stops at 1,000 rows in the real editor (issue 29): the large sandbox's 100,000-item queue, paged with the
// mouse as a user would, then the rows after these and back. Counts rows (the editor's aria-setsize of the list's
// rows), never time.
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { screenshot, world } from './world';
import { collapseAll, sidebar } from './ui';

/** A row of the Orchestrator view at this depth (names such as "Queues" repeat at other depths). */
const at = (level: number, text: string | RegExp): Locator =>
  sidebar().locator('.pane-body').nth(0).locator(`.monaco-list-row[aria-level="${level}"]`, { hasText: text }).first();

/** Sandbox › Shared › Finance › Invoices › Queues › InvoicesToProcess › All Items › its items. */
const ITEM_LEVEL = 8;

describe('A bounded list (UI, large sandbox)', () => {
  it('pages the 100,000-item queue to 1,000 rows, shows the rows after these at their first row, and goes back', async function () {
    this.timeout(240_000);
    const { page } = world;
    /**
     * Scrolls the view down until a row is on screen (rows are virtualised: only those on screen exist), back to the
     * top after a whole pass, as long as the row may still be coming (a read waiting for the tenant's budget of 50
     * list reads a minute).
     */
    const reach = async (level: number, text: string | RegExp) => {
      const target = at(level, text);
      for (let step = 0; step < 600 && (await target.count()) === 0; step++) {
        await sidebar().locator('.pane-body').nth(0).hover();
        await page.mouse.wheel(0, step % 120 === 119 ? -1_000_000 : 300);
        await page.waitForTimeout(50);
      }
      await target.waitFor({ timeout: 10_000 });
      return target;
    };
    const open = async (level: number, text: string | RegExp) => {
      const target = await reach(level, text);
      if ((await target.getAttribute('aria-expanded')) !== 'true') await target.click();
    };
    await collapseAll('Orchestrator');
    await open(1, 'Sandbox');
    await open(2, /^Shared/);
    await open(3, /^Finance/);
    await open(4, /^Invoices/);
    await open(5, /^Queues/);
    await open(6, /^InvoicesToProcess/);
    await open(7, /^All Items/);
    // How many rows the list has now: every row of it carries the count. Rows are drawn only on screen: when none
    // is (All Items at the bottom of a short view), the view scrolls down to them.
    const rows = async () => {
      const row = at(ITEM_LEVEL, /./);
      if ((await row.count()) === 0) {
        await sidebar().locator('.pane-body').nth(0).hover();
        await page.mouse.wheel(0, 200);
        return 0;
      }
      return Number(await row.getAttribute('aria-setsize', { timeout: 5_000 }).catch(() => 0));
    };
    const until = async (count: number) => {
      for (let i = 0; i < 1_200 && (await rows()) !== count; i++) await page.waitForTimeout(100);
      assert.equal(await rows(), count);
    };
    await until(51);
    for (let loaded = 50; loaded < 1_000; loaded += 50) {
      const more = await reach(ITEM_LEVEL, /^Load more…/);
      const height = (await more.boundingBox())!.height;
      await more.click();
      // 50 rows more, and Load more; at 1,000 the limit row and the rows after these in its place.
      await until(loaded + 50 + (loaded + 50 === 1_000 ? 2 : 1));
      // The next Load more is 50 rows further down: there at once (reach searches if the wheel went elsewhere).
      await page.mouse.wheel(0, 50 * height);
    }
    const limit = await reach(ITEM_LEVEL, /^1,000 rows is the most a list shows at once\. Filter to narrow it…/);
    assert.ok(await limit.isVisible());
    assert.equal(await at(ITEM_LEVEL, /^Load more/).count(), 0, 'no Load more at the limit');
    await screenshot('10b-list-limit');

    // The rows after these replace the rows shown (2 + 50 + Load more), and the view goes to their first row,
    // selected: without it, the list shrinking from 1,002 rows leaves the view scrolled far below it, on other rows.
    await (await reach(ITEM_LEVEL, /^Show the rows after these… \(99,000 more\)/)).click();
    const header = at(ITEM_LEVEL, 'Rows 1,001–1,050 of 100,000');
    await header.waitFor({ timeout: 120_000 });
    await until(2 + 50 + 1);
    assert.equal(await header.getAttribute('aria-selected'), 'true', 'the first row of the rows shown now is selected');
    assert.ok(await header.isVisible());
    // The keyboard goes on from there: the next row is the way back, then the rows from item 1,001.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const focused = sidebar().locator('.pane-body').nth(0).locator('.monaco-list-row.focused').first();
    assert.equal(await focused.getAttribute('aria-level'), String(ITEM_LEVEL));
    assert.equal(await focused.getAttribute('aria-posinset'), '3');
    await screenshot('10c-rows-after-these');

    // Back to the first rows: the first page again, Load more under it.
    await at(ITEM_LEVEL, 'Back to the first rows').click();
    await header.waitFor({ state: 'detached', timeout: 120_000 });
    await until(51);
    await reach(ITEM_LEVEL, /^Load more… \(99,950 more\)/);
    // Later journeys start from a folded tree.
    await collapseAll('Orchestrator');
  });
});
