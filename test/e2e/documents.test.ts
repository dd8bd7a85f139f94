import assert from 'node:assert/strict';
import { screenshot, world } from './world';
import { collapseAll, expand, filterRow, palette, sidebar } from './ui';

/** What the sandbox answered since the last reset, by "METHOD route". */
const tally = async (): Promise<Record<string, number>> =>
  ((await (await fetch(`${world.sandbox.url}/__sandbox/requests`)).json()) as { counts: Record<string, number> })
    .counts;
const writes = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([route]) => !route.startsWith('GET '))
    .reduce((sum, [, n]) => sum + n, 0);

describe("Input values with the browser editor's default auto-save (UI, large sandbox)", () => {
  it('typing and pausing sends nothing; Apply to Service shows the change and sends exactly one request', async function () {
    this.timeout(120_000);
    const { page } = world;
    await page.keyboard.press('Escape');
    await collapseAll('Orchestrator');
    await expand('Sandbox');
    await expand(/^Shared/);
    await filterRow(/^Processes/, 'Invoice.Processing_Production');
    await expand(/^Processes/);
    const process = sidebar()
      .locator('.monaco-list-row[aria-level="4"]', { hasText: /^Invoice\.Processing_Production/ })
      .first();
    await process.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000); // the row redraws once with its count
    await process.click({ button: 'right' });
    const edit = page.locator('.monaco-menu .action-label', { hasText: 'Edit Input Values' }).first();
    await edit.waitFor();
    await edit.hover();
    await page.keyboard.press('Enter');

    // The document says what saving does before anything is typed.
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ timeout: 30_000 });
    await page
      .locator('.codelens-decoration', { hasText: /nothing is sent until you apply it/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await fetch(`${world.sandbox.url}/__sandbox/requests`, { method: 'DELETE' });

    // Type as a user does, with the default auto-save (afterDelay): a half-typed value first, then a whole one.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await page.waitForTimeout(2500);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.waitForTimeout(300);
    await page.keyboard.insertText('{ "in_Threshold": "Q4 close", "in_Region": 7 }');
    const dirtyTab = page.locator('.tabs-container .tab.dirty');
    await dirtyTab.waitFor({ state: 'detached', timeout: 15_000 }); // auto-save saved it: as a draft
    await page.waitForTimeout(2000);
    assert.equal(writes(await tally()), 0, `no change reached the service: ${JSON.stringify(await tally())}`);
    await page
      .locator('.codelens-decoration', { hasText: /Draft: not applied/ })
      .first()
      .waitFor({ timeout: 15_000 });

    // The explicit act: Apply to Service, which lists what will change.
    await page.locator('.codelens-decoration a', { hasText: 'Apply to Service…' }).first().click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    assert.match(await dialog.innerText(), /Apply \d+ changes? to the input values of Invoice\.Processing_Production/);
    assert.match(await dialog.innerText(), /in_Region: .*7/);
    await screenshot('19-apply-input-values');
    await dialog.locator('.monaco-button', { hasText: /^Apply$/ }).click();
    await page
      .locator('.notification-toast', { hasText: /Applied \d+ changes? to the input values/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const counts = await tally();
    assert.equal(writes(counts), 1, JSON.stringify(counts));
    assert.equal(
      Object.entries(counts)
        .filter(([route]) => route.startsWith('PATCH '))
        .reduce((sum, [, n]) => sum + n, 0),
      1,
    );
    await palette('View: Close All Editors');
  });
});
